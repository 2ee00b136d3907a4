// The no-model run of `npm run eval:chat` (scripts/eval-chat.mjs), on the server from source:
// the chat answers each language's question set from the built-in content at the target share.
import { afterAll, beforeAll, expect, it } from "vitest";
import { QUESTION_SETS, evaluate, loadQuestions, type QuestionLocale } from "../../scripts/eval-chat/eval.mjs";
import { startApiServer, type TestServer } from "../helpers/api-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY: "1" });
});
afterAll(() => server.close());

const locales = Object.keys(QUESTION_SETS) as QuestionLocale[];

it.each(locales)("answers at least 90 percent of the %s tuning set right with no model", async (locale) => {
  // Each set's visitors from their own addresses: no set is held to another's limits.
  const firstAddress = locales.indexOf(locale) * 250;
  const result = await evaluate(server.url, loadQuestions(locale), { page: QUESTION_SETS[locale].page, firstAddress });
  const misses = result.misses.map((miss) => `${miss.q} (lacks ${JSON.stringify(miss.missing)})`);
  expect(result.right / result.total, misses.join("\n")).toBeGreaterThanOrEqual(0.9);
});
