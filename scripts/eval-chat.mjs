// `npm run eval:chat`: how often the chat answers a visitor right, in each language. Asks
// every question of ./eval-chat/questions*.json (questions a visitor would ask in English,
// Sinhala and Tamil, each with the facts a right answer contains, all answerable from the
// built-in content; each set from a page in its language) of a fresh site on the
// production build with no model, then, when this shell configures one (GEMINI_API_KEY or
// OPENAI_BASE_URL, with AI_PROVIDER and the model settings as for the site), of a second
// site with that model. Prints the share answered right per language and every miss;
// exits 1 when a language's no-model share is under the target.
import { startServer } from "./bench/util.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { QUESTION_SETS, evaluate, loadQuestions, shapeProblems } from "./eval-chat/eval.mjs";

/** The share of questions the chat must answer right with no model, in every language (issues 14, 26). */
const TARGET = 0.9;

const sets = Object.entries(QUESTION_SETS).map(([locale, set]) => ({ ...set, questions: loadQuestions(locale) }));
const problems = sets.flatMap(({ label, questions }) =>
  shapeProblems(questions).map((problem) => `${label}: ${problem}`),
);
if (problems.length > 0) {
  console.error(`The question sets are not usable:\n  ${problems.join("\n  ")}`);
  process.exit(2);
}

ensureBuild();

const percent = (share) => `${Math.round(share * 1_000) / 10} %`;

/**
 * One run of every set on a fresh site: SERVE_AI=1 passes this shell's model settings on
 * (scripts/serve-temp.mjs). The share answered right, by language.
 */
async function run(label, withModel) {
  const server = await startServer({ env: { SERVE_TRUST_PROXY: "1", SERVE_AI: withModel ? "1" : "0" } });
  const shares = [];
  try {
    let asked = 0;
    for (const set of sets) {
      const began = Date.now();
      // Each question as another visitor, across the sets: none is held to one visitor's limit.
      const result = await evaluate(server.url, set.questions, { page: set.page, firstAddress: asked });
      asked += set.questions.length;
      const share = result.right / result.total;
      shares.push({ label: set.label, share });
      console.log(
        `\n${label}, ${set.label}: ${result.right} of ${result.total} answered right (${percent(share)}) in ${((Date.now() - began) / 1_000).toFixed(1)} s`,
      );
      for (const miss of result.misses) {
        const lacks = miss.missing.map((fact) => (Array.isArray(fact) ? fact.join(" / ") : fact)).join("; ");
        console.log(`  ✗ ${miss.q}\n    lacks: ${lacks}\n    said: ${miss.answer.replace(/\s+/g, " ").slice(0, 240)}`);
      }
    }
    return shares;
  } finally {
    await server.stop();
  }
}

const noModel = await run("No model (the site's own passages)", false);
if (process.env.GEMINI_API_KEY || process.env.OPENAI_BASE_URL) {
  await run(`With a model (${process.env.GEMINI_API_KEY ? "Gemini" : "OpenAI-compatible"})`, true);
} else {
  console.log("\nNo model configured (GEMINI_API_KEY or OPENAI_BASE_URL): the run with a model is skipped.");
}
console.log(`\nTarget with no model: ${percent(TARGET)} in each language.`);
for (const { label, share } of noModel)
  console.log(`  ${label}: ${percent(share)}: ${share >= TARGET ? "met" : "NOT met"}.`);
if (noModel.some(({ share }) => share < TARGET)) process.exit(1);
