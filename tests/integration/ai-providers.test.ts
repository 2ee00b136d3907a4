import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "#server/env.ts";
import {
  AI_NOT_CONFIGURED,
  AiError,
  createProvider,
  GENERATION_FAILED,
  geminiProvider,
  MAX_PROMPT_CHARS,
  openAiProvider,
} from "#server/ai/provider.ts";
import { startFakeAi, type FakeAi } from "#server/dev/fake-ai.ts";

let fake: FakeAi;
beforeAll(async () => {
  fake = await startFakeAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const fast = { backoffMs: 5, timeoutMs: 2_000 };
const gemini = (options = fast) =>
  geminiProvider({ baseUrl: fake.url, model: "gemini-test", apiKey: "sk-test/key" }, options);
const openai = (apiKey?: string) => openAiProvider({ baseUrl: `${fake.url}/v1/`, model: "local-llama", apiKey }, fast);

async function collect(iterable: AsyncIterable<string>) {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

async function failure(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

describe("Gemini", () => {
  it("POSTs the prompt to generateContent with the key in the query and returns the first candidate's text", async () => {
    fake.reply({ kind: "text", text: "  A clear answer.  " });
    expect(await gemini().generate("Say something")).toBe("A clear answer.");
    const [request] = fake.requests;
    expect(request!.method).toBe("POST");
    expect(request!.pathname).toBe("/v1beta/models/gemini-test:generateContent");
    expect(request!.query.get("key")).toBe("sk-test/key");
    expect(request!.headers["content-type"]).toMatch(/application\/json/);
    expect(request!.body).toEqual({ contents: [{ parts: [{ text: "Say something" }] }] });
  });

  it("streams from streamGenerateContent?alt=sse piece by piece", async () => {
    fake.reply({ kind: "text", text: "", chunks: ["Hello ", "from ", "Colombo."] });
    expect(await collect(gemini().stream("Hi"))).toEqual(["Hello ", "from ", "Colombo."]);
    const [request] = fake.requests;
    expect(request!.pathname).toBe("/v1beta/models/gemini-test:streamGenerateContent");
    expect(request!.query.get("alt")).toBe("sse");
    expect(request!.query.get("key")).toBe("sk-test/key");
  });

  it("retries a 429 with back-off, then succeeds", async () => {
    fake.reply({ kind: "status", status: 429 }, { kind: "text", text: "Second time lucky." });
    expect(await gemini().generate("p")).toBe("Second time lucky.");
    expect(fake.requests).toHaveLength(2);
  });

  it("gives up after two retries of a 500 with the message 'Failed to generate content'", async () => {
    fake.setDefault({ kind: "status", status: 500 });
    const error = await failure(gemini().generate("p"));
    expect(error.message).toBe(GENERATION_FAILED);
    expect(error.status).toBe(502);
    expect(fake.requests).toHaveLength(3);
  });

  it("does not retry a 400", async () => {
    fake.reply({ kind: "status", status: 400, message: "API key not valid" });
    expect((await failure(gemini().generate("p"))).message).toBe(GENERATION_FAILED);
    expect(fake.requests).toHaveLength(1);
  });

  it("times out a model that never answers", async () => {
    fake.setDefault({ kind: "hang" });
    const started = Date.now();
    const error = await failure(gemini({ backoffMs: 5, timeoutMs: 300 }).generate("p"));
    expect(error).toMatchObject({ message: GENERATION_FAILED, status: 504 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("times out a stream that stops sending", async () => {
    fake.reply({ kind: "text", text: "", chunks: ["First ", "never"], hold: new Promise(() => undefined) });
    const pieces: string[] = [];
    const error = await failure(
      (async () => {
        for await (const piece of gemini({ backoffMs: 5, timeoutMs: 300 }).stream("p")) pieces.push(piece);
      })(),
    );
    expect(pieces).toEqual(["First "]);
    expect(error.status).toBe(504);
  });

  it.each([
    ["malformed JSON", { kind: "malformed" } as const],
    ["no candidates", { kind: "empty" } as const],
  ])("refuses %s", async (_name, reply) => {
    fake.reply(reply);
    expect((await failure(gemini().generate("p"))).message).toBe(GENERATION_FAILED);
    fake.reply(reply);
    expect((await failure(collect(gemini().stream("p")))).message).toBe(GENERATION_FAILED);
  });

  it("refuses a prompt over the size cap without calling the model", async () => {
    expect((await failure(gemini().generate("x".repeat(MAX_PROMPT_CHARS + 1)))).message).toBe(GENERATION_FAILED);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("OpenAI-compatible", () => {
  it("POSTs chat completions with the model, the prompt and a Bearer key", async () => {
    fake.reply({ kind: "text", text: "From a local model." });
    expect(await openai("sk-local").generate("Question?")).toBe("From a local model.");
    const [request] = fake.requests;
    expect(request!.pathname).toBe("/v1/chat/completions");
    expect(request!.headers.authorization).toBe("Bearer sk-local");
    expect(request!.body).toEqual({
      model: "local-llama",
      messages: [{ role: "user", content: "Question?" }],
      stream: false,
    });
  });

  it("sends no Authorization header without a key, and streams deltas until [DONE]", async () => {
    fake.reply({ kind: "text", text: "", chunks: ["One ", "two ", "three."] });
    expect(await collect(openai().stream("Count"))).toEqual(["One ", "two ", "three."]);
    const [request] = fake.requests;
    expect(request!.headers.authorization).toBeUndefined();
    expect((request!.body as { stream: boolean }).stream).toBe(true);
  });

  it("gives the same failure message for a 500 and for no choices", async () => {
    fake.setDefault({ kind: "status", status: 503 });
    expect((await failure(openai().generate("p"))).message).toBe(GENERATION_FAILED);
    fake.reset();
    fake.reply({ kind: "empty" });
    expect((await failure(openai().generate("p"))).message).toBe(GENERATION_FAILED);
  });
});

describe("choosing a provider from the environment", () => {
  it("uses Gemini with a key, OpenAI with a base URL, and none otherwise", async () => {
    expect(createProvider(loadEnv({ GEMINI_API_KEY: "k" })).kind).toBe("gemini");
    expect(createProvider(loadEnv({ OPENAI_BASE_URL: fake.url })).kind).toBe("openai");
    const none = createProvider(loadEnv({}));
    expect(none.kind).toBe("none");
    const error = await failure(none.generate("p"));
    expect(error).toMatchObject({ message: AI_NOT_CONFIGURED, status: 503 });
  });
});
