// The no-model run of `npm run eval:chat` (scripts/eval-chat.mjs), on the server from source:
// the chat answers the question set from the built-in content at the target share.
import { afterAll, beforeAll, expect, it } from "vitest";
import { evaluate, loadQuestions } from "../../scripts/eval-chat/eval.mjs";
import { startApiServer, type TestServer } from "../helpers/api-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY: "1" });
});
afterAll(() => server.close());

it("answers at least 90 % of the question set right with no model", async () => {
  const result = await evaluate(server.url, loadQuestions());
  const misses = result.misses.map((miss) => `${miss.q} (lacks ${JSON.stringify(miss.missing)})`);
  expect(result.right / result.total, misses.join("\n")).toBeGreaterThanOrEqual(0.9);
});
