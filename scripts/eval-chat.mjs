// `npm run eval:chat`: how often the chat answers a visitor right. Asks every question of
// ./eval-chat/questions.json (questions a visitor would ask, each with the facts a right
// answer contains, all answerable from the built-in content) of a fresh site on the
// production build with no model, then, when this shell configures one (GEMINI_API_KEY or
// OPENAI_BASE_URL, with AI_PROVIDER and the model settings as for the site), of a second
// site with that model. Prints the share answered right and every miss; exits 1 when the
// no-model share is under the target.
import { startServer } from "./bench/util.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { evaluate, loadQuestions, shapeProblems } from "./eval-chat/eval.mjs";

/** The share of questions the chat must answer right with no model (issue 14). */
const TARGET = 0.9;

const questions = loadQuestions();
const problems = shapeProblems(questions);
if (problems.length > 0) {
  console.error(`The question set is not usable:\n  ${problems.join("\n  ")}`);
  process.exit(2);
}

ensureBuild();

const percent = (share) => `${Math.round(share * 1_000) / 10} %`;

/** One run on a fresh site: SERVE_AI=1 passes this shell's model settings on (scripts/serve-temp.mjs). */
async function run(label, withModel) {
  const server = await startServer({ env: { SERVE_TRUST_PROXY: "1", SERVE_AI: withModel ? "1" : "0" } });
  try {
    const began = Date.now();
    const result = await evaluate(server.url, questions);
    const share = result.right / result.total;
    console.log(
      `\n${label}: ${result.right} of ${result.total} answered right (${percent(share)}) in ${((Date.now() - began) / 1_000).toFixed(1)} s`,
    );
    for (const miss of result.misses) {
      const lacks = miss.missing.map((fact) => (Array.isArray(fact) ? fact.join(" / ") : fact)).join("; ");
      console.log(`  ✗ ${miss.q}\n    lacks: ${lacks}\n    said: ${miss.answer.replace(/\s+/g, " ").slice(0, 240)}`);
    }
    return share;
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
console.log(`\nTarget with no model: ${percent(TARGET)}: ${noModel >= TARGET ? "met" : "NOT met"}.`);
if (noModel < TARGET) process.exit(1);
