// The chat's question sets, how an answer is judged, and a run of a set against a server:
// shared by `npm run eval:chat` (../eval-chat.mjs) and its tests (./questions.test.ts,
// tests/integration/chat-eval.test.ts). Two sets per language (issue 41): the tuning set
// (./questions.json in English, ./questions.si.json in Sinhala, ./questions.ta.json in
// Tamil), which tests and tuning may read, and the held-out set (./held-out/<locale>.json),
// which only `npm run eval:chat` reads (./held-out/README.md says why).
import { readFileSync, readdirSync } from "node:fs";

/**
 * The question set of each language: its file, and the page its visitors ask from
 * (the chat sends the page it is on; a question in Sinhala or Tamil script is
 * answered in that language wherever it is asked).
 */
export const QUESTION_SETS = {
  en: {
    label: "English",
    file: "./questions.json",
    heldOut: "./held-out/en.json",
    dev: "./dev/questions.json",
    page: "/",
  },
  si: {
    label: "Sinhala",
    file: "./questions.si.json",
    heldOut: "./held-out/si.json",
    dev: "./dev/questions.si.json",
    page: "/si",
  },
  ta: {
    label: "Tamil",
    file: "./questions.ta.json",
    heldOut: "./held-out/ta.json",
    dev: "./dev/questions.ta.json",
    page: "/ta",
  },
};

/**
 * The tuning set of `locale` (English by default): each question with the facts a right
 * answer contains, or `unanswerable: true` when the site has no answer to it.
 */
export function loadQuestions(locale = "en") {
  return JSON.parse(readFileSync(new URL(QUESTION_SETS[locale].file, import.meta.url), "utf8"));
}

/**
 * The dev set of `locale` (./dev/README.md): written before a round of tuning and readable
 * while tuning, the closest to unseen questions a tuner may look at.
 */
export function loadDev(locale) {
  return JSON.parse(readFileSync(new URL(QUESTION_SETS[locale].dev, import.meta.url), "utf8"));
}

/** Where the later dev rounds are: `round<N>.<locale>.json`, N from 2 (./dev/README.md). */
const DEV_ROUNDS = new URL("./dev/", import.meta.url);
const DEV_ROUND_FILE = /^round(\d+)\.(en|si|ta)\.json$/;

/**
 * The later dev rounds of `locale` (./dev/README.md), each written fresh before a round of
 * tuning, by number, ascending: found by their files' names, so a new round is only its files.
 */
export function devRounds(locale) {
  return readdirSync(DEV_ROUNDS)
    .map((name) => DEV_ROUND_FILE.exec(name))
    .filter((match) => match !== null && match[2] === locale)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
}

/** Dev round `round` of `locale` (./dev/round<round>.<locale>.json): empty for a language that has none. */
export function loadDevRound(locale, round) {
  if (!devRounds(locale).includes(round)) return [];
  return JSON.parse(readFileSync(new URL(`round${round}.${locale}.json`, DEV_ROUNDS), "utf8"));
}

/**
 * The later held-out sets, each in its own folder (./held-out/<name>/<locale>.json), written by
 * someone who saw only the site's content (their READMEs); a spent set leaves this list for
 * the dev rounds (./held-out/README.md).
 */
export const LATER_HELD_OUT = ["eighth"];

/**
 * The held-out set of `locale`: the first (written before any tuning, issue 41), or one of
 * LATER_HELD_OUT by name. For `npm run eval:chat` only, never for a test or for tuning.
 */
export function loadHeldOut(locale, which = "first") {
  const file = which === "first" ? QUESTION_SETS[locale].heldOut : `./held-out/${which}/${locale}.json`;
  return JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8"));
}

/** What is wrong with the question set's shape, one line per problem (none: it is usable). */
export function shapeProblems(questions) {
  if (!Array.isArray(questions)) return ["the question set is not a list"];
  const problems = [];
  const seen = new Set();
  questions.forEach((entry, index) => {
    const where = `question ${index + 1}`;
    if (typeof entry?.q !== "string" || entry.q.trim() === "") return problems.push(`${where}: no question text`);
    if (seen.has(entry.q)) problems.push(`${where}: asked twice (${entry.q})`);
    seen.add(entry.q);
    if (entry.unanswerable === true) {
      if (entry.facts !== undefined) problems.push(`${where}: an unanswerable question has no facts`);
      return;
    }
    const facts = entry.facts;
    if (!Array.isArray(facts) || facts.length === 0) return problems.push(`${where}: no facts`);
    for (const fact of facts) {
      const options = Array.isArray(fact) ? fact : [fact];
      if (options.length === 0 || options.some((option) => typeof option !== "string" || option.trim() === ""))
        problems.push(`${where}: a fact must be text, or a list of texts any of which will do`);
      // A fact the question already says proves nothing about the answer.
      else if (options.some((option) => normalise(entry.q).includes(normalise(option))))
        problems.push(`${where}: the fact "${options.join(" / ")}" is in the question itself`);
    }
  });
  return problems;
}

/**
 * Lower case, one kind of quote and dash, single spaces, and Sinhala and Tamil
 * without the zero-width joiner and non-joiner (which change how a word is
 * drawn, not which word it is): "Colombo 03" matches "colombo  03", "ශ්‍රී" "ශ්රී".
 */
function normalise(text) {
  return text
    .normalize("NFC")
    .replace(/[\u200C\u200D]/g, "")
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐‑–—]/g, "-")
    .replace(/\s+/g, " ");
}

/** The facts an answer lacks (each fact is a text, or a list of texts any of which will do). */
export function missingFacts(answer, facts) {
  const text = normalise(answer);
  return facts.filter(
    (fact) => !(Array.isArray(fact) ? fact : [fact]).some((option) => text.includes(normalise(option))),
  );
}

/**
 * Asks the chat at `url` one question from `page` (default "/"), as the visitor
 * at `address` (the server must trust one proxy, TRUST_PROXY=1, so that a run
 * is not held to one visitor's limit). Resolves with the answer's text and
 * sources, the hand-off's reason if any ("unanswered" when the site had nothing), or the
 * error the server gave.
 */
export async function ask(url, question, address, page = "/") {
  const response = await fetch(`${url}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({ message: question, page }),
  });
  if (!response.ok) return { text: "", sources: [], error: `HTTP ${response.status}: ${await response.text()}` };
  let text = "";
  let sources = [];
  let error;
  let handoff;
  for (const block of (await response.text()).split("\n\n")) {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (!event || data === undefined) continue;
    if (event === "delta") text += JSON.parse(data).text;
    if (event === "sources") sources = JSON.parse(data);
    if (event === "error") error = JSON.parse(data).error;
    if (event === "handoff") handoff = JSON.parse(data).reason;
  }
  return { text, sources, error, handoff };
}

/**
 * Asks every question of `questions` at `url` from `page`, one after another, each
 * as another visitor (from `firstAddress` on). An answerable question is right when its
 * answer holds its facts and is not the hand-off; an unanswerable one when the site says it has nothing (the
 * "unanswered" hand-off), else it is a false answer. Returns how many were right of
 * all, of the answerable (`answered` of `answerable`) and the false answers of the
 * unanswerable, with the misses.
 */
export async function evaluate(url, questions, { page = "/", firstAddress = 0 } = {}) {
  const misses = [];
  const times = [];
  let falseAnswers = 0;
  for (const [index, entry] of questions.entries()) {
    const n = firstAddress + index;
    const began = performance.now();
    const answer = await ask(url, entry.q, `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`, page);
    times.push(performance.now() - began);
    if (entry.unanswerable) {
      if (answer.error || answer.handoff !== "unanswered") {
        falseAnswers++;
        misses.push({ q: entry.q, missing: ["the hand-off (no answer)"], answer: answer.error ?? answer.text });
      }
      continue;
    }
    // The hand-off names the contact details: an answerable question it meets is a miss all the same.
    const missing =
      answer.error || answer.handoff === "unanswered" ? entry.facts : missingFacts(answer.text, entry.facts);
    if (missing.length > 0) misses.push({ q: entry.q, missing, answer: answer.error ?? answer.text });
  }
  const unanswerable = questions.filter((entry) => entry.unanswerable).length;
  const answerable = questions.length - unanswerable;
  const sorted = times.sort((a, b) => a - b);
  return {
    // How long a whole answer took, the middle one (ms): the chat's speed with this server's model or none.
    medianMs: sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)] : 0,
    right: questions.length - misses.length,
    total: questions.length,
    answered: answerable - (misses.length - falseAnswers),
    answerable,
    falseAnswers,
    unanswerable,
    misses,
  };
}
