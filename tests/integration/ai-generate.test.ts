import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultAiSettings } from "#content/defaults.ts";
import { todayIsoDate } from "#content/rules.ts";
import { createAiService } from "#server/ai/service.ts";
import { AI_NOT_CONFIGURED } from "#server/ai/provider.ts";
import { signIn, startApiServer, TEST_ADMIN, type TestServer } from "../helpers/api-server.ts";
import { startFakeAi, type FakeAi } from "#server/dev/fake-ai.ts";

const KEY = "sk-gemini-test-123";
let fake: FakeAi;
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeAi();
  server = await startApiServer({ GEMINI_API_KEY: KEY, GEMINI_BASE_URL: fake.url, GEMINI_MODEL: "gemini-test" });
  cookie = await signIn(server.url);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function generate(body: unknown, headers: Record<string, string> = { Cookie: cookie }) {
  const response = await fetch(`${server.url}/api/ai/generate`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function aiSettingsVersion() {
  const response = await fetch(`${server.url}/api/ai-settings`, { headers: { Cookie: cookie } });
  return ((await response.json()) as { version: number }).version;
}

async function saveAiSettings(data: Partial<typeof defaultAiSettings>) {
  const version = await aiSettingsVersion();
  const response = await fetch(`${server.url}/api/ai-settings`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ version, data: { ...defaultAiSettings, ...data } }),
  });
  expect(response.status).toBe(200);
}

describe("who may draft, and what is accepted", () => {
  it("refuses visitors with 401 and never calls the model", async () => {
    const result = await generate({ task: "service", title: "SEO" }, {});
    expect(result).toEqual({ status: 401, body: { error: "Please sign in to the admin panel." } });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    [{ task: "blog-description", title: "   " }, "Please enter a post title first"],
    [{ task: "blog-content", title: "" }, "Please enter a post title first"],
    [{ task: "service", title: " " }, "Please enter a service title first"],
    [
      { task: "poem", title: "x" },
      "task: task must be one of: feature-description, service, blog-description, blog-content.",
    ],
    [{ task: "service", title: "x", extra: 1 }, "Unknown field: extra"],
    [{ task: "service" }, "title: title must be text."],
    [{ task: "service", title: "x".repeat(301) }, "title: The title is too long (at most 300 characters)."],
  ])("answers 400 to %j and stores nothing", async (body, error) => {
    const before = await aiSettingsVersion();
    const result = await generate(body);
    expect(result).toEqual({ status: 400, body: { error } });
    expect(fake.requests).toHaveLength(0);
    expect(await aiSettingsVersion()).toBe(before);
  });

  it("answers 415 to a body that is not JSON", async () => {
    const response = await fetch(`${server.url}/api/ai/generate`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: "task=service",
    });
    expect(response.status).toBe(415);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("prompts (docs/product.md §7)", () => {
  it("home feature: a 2-3 sentence description with the general knowledge base", async () => {
    fake.reply({
      kind: "text",
      text: "**Description:** We plan campaigns that pay for themselves.\nEvery rupee is tracked.",
    });
    const result = await generate({ task: "feature-description", title: "Performance Marketing" });
    expect(result).toEqual({
      status: 200,
      body: { text: "We plan campaigns that pay for themselves. Every rupee is tracked." },
    });
    const [request] = fake.requests;
    expect(request!.url).toBe(`/v1beta/models/gemini-test:generateContent?key=${KEY}`);
    expect(request!.prompt).toContain('titled "Performance Marketing"');
    expect(request!.prompt).toContain("2-3 sentence");
    expect(request!.prompt).toContain("What services do you offer?");
    expect(request!.prompt).not.toContain(defaultAiSettings.blogKnowledgeBase.slice(0, 40));
    expect(request!.prompt).toMatch(/Return only the requested content/);
    expect(request!.prompt).toMatch(/code fences/);
  });

  it("blog tasks use the blog knowledge base", async () => {
    fake.reply({ kind: "text", text: "Five checks before you scale.\nA second line that is dropped." });
    const result = await generate({ task: "blog-description", title: "Ready to scale?" });
    expect(result).toEqual({ status: 200, body: { text: "Five checks before you scale." } });
    const { prompt } = fake.requests[0]!;
    expect(prompt).toContain(defaultAiSettings.blogKnowledgeBase.slice(0, 60));
    expect(prompt).not.toContain("What services do you offer?");
    expect(prompt).toContain("1-2 sentence excerpt");
  });

  it("uses the knowledge base the admin saved", async () => {
    await saveAiSettings({ knowledgeBase: "Our office cat is called Pixel and we only work with bakeries." });
    fake.reply({ kind: "text", text: "Fresh ideas for bakeries." });
    await generate({ task: "feature-description", title: "Bakery marketing" });
    expect(fake.requests[0]!.prompt).toContain("Our office cat is called Pixel");
    await saveAiSettings({});
  });

  it("blog full content: 800-1200 words in simple markup, excerpt with only its first line, reading time and today's date", async () => {
    const body = Array.from({ length: 450 }, (_, i) => `word${i}`).join(" ");
    const content = `## Why it matters\n\n${body}\n\n- **Plan** first\n- *Measure* always`;
    fake.setDefault((request) =>
      request.prompt.includes("800-1200 words")
        ? { kind: "text", text: `\`\`\`markdown\n# Growing in Colombo\n${content}\n\`\`\`` }
        : { kind: "text", text: "Excerpt: A practical guide to growth.\nSecond line dropped." },
    );
    const result = await generate({ task: "blog-content", title: "Growing in Colombo" });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      content,
      excerpt: "A practical guide to growth.",
      readTime: "3 min read",
      date: todayIsoDate(),
    });
    expect(fake.requests).toHaveLength(2);
    const contentPrompt = fake.requests.find((r) => r.prompt.includes("800-1200 words"))!.prompt;
    expect(contentPrompt).toContain('"## "');
    expect(contentPrompt).toContain("**bold**");
    expect(contentPrompt).toContain(defaultAiSettings.blogKnowledgeBase.slice(0, 60));
  });
});

describe("service drafts parsed from what models really return", () => {
  const expected = {
    description: "We build brands people remember. Strategy first, then design.",
    features: ["Brand audit", "Logo design", "Brand guidelines", "Messaging framework"],
  };
  it.each([
    [
      "labels",
      "Description: We build brands people remember. Strategy first, then design.\nFeatures: Brand audit, Logo design, Brand guidelines, Messaging framework",
    ],
    [
      "bold labels and bullets",
      "Here is the content:\n\n**Description:** We build brands people remember. Strategy first, then design.\n\n**Features:**\n- Brand audit\n- Logo design\n- **Brand guidelines**\n- Messaging framework.",
    ],
    [
      "headings and a numbered list",
      "## Description\nWe build brands people remember.\nStrategy first, then design.\n\n## Key Features\n1. Brand audit\n2. Logo design\n3. Brand guidelines\n4. Messaging framework",
    ],
    [
      "JSON in a code fence",
      '```json\n{"description": "We build brands people remember. Strategy first, then design.", "features": ["Brand audit", "Logo design", "Brand guidelines", "Messaging framework"]}\n```',
    ],
    [
      "no labels, a comma list last",
      "We build brands people remember. Strategy first, then design.\n\nBrand audit, Logo design, Brand guidelines, Messaging framework",
    ],
  ])("%s", async (_name, text) => {
    fake.reply({ kind: "text", text });
    const result = await generate({ task: "service", title: "Brand Strategy" });
    expect(result).toEqual({ status: 200, body: expected });
    const { prompt } = fake.requests[0]!;
    expect(prompt).toContain("2-3 sentences");
    expect(prompt).toContain("4-6 key features");
    expect(prompt).toContain("Features: <feature 1>, <feature 2>");
  });
});

describe("failures give the messages of docs/product.md §8", () => {
  it("a 500 after retries → 502 Failed to generate content", async () => {
    fake.setDefault({ kind: "status", status: 500 });
    expect(await generate({ task: "service", title: "SEO" })).toEqual({
      status: 502,
      body: { error: "Failed to generate content" },
    });
    expect(fake.requests).toHaveLength(3);
  });

  it("a 429 then success → the draft", async () => {
    fake.reply({ kind: "status", status: 429 }, { kind: "text", text: "Search that brings customers." });
    expect(await generate({ task: "feature-description", title: "SEO" })).toEqual({
      status: 200,
      body: { text: "Search that brings customers." },
    });
    expect(fake.requests).toHaveLength(2);
  });

  it.each([
    ["malformed JSON", { kind: "malformed" } as const],
    ["no candidates", { kind: "empty" } as const],
  ])("%s → 502", async (_n, reply) => {
    fake.reply(reply);
    expect(await generate({ task: "blog-description", title: "SEO" })).toEqual({
      status: 502,
      body: { error: "Failed to generate content" },
    });
  });

  it("a model that hangs → 504 within the timeout", async () => {
    const original = server.deps.ai;
    const { env, store } = server.deps;
    server.deps.ai = createAiService(env, store.rateCounters, { timeoutMs: 300 });
    try {
      fake.setDefault({ kind: "hang" });
      expect(await generate({ task: "service", title: "SEO" })).toEqual({
        status: 504,
        body: { error: "Failed to generate content" },
      });
    } finally {
      server.deps.ai = original;
    }
  });

  it("rate-limits drafts per admin", async () => {
    // Not the drafts of the tests before (the count is in the database).
    await server.deps.ai.draftsPerAdmin.reset(TEST_ADMIN.email);
    try {
      for (let i = 0; i < 30; i += 1)
        expect((await generate({ task: "feature-description", title: `T${i}` })).status).toBe(200);
      const result = await generate({ task: "feature-description", title: "one more" });
      expect(result).toEqual({
        status: 429,
        body: { error: "Too many AI drafts in a short time. Please wait a few minutes and try again." },
      });
      expect(fake.requests).toHaveLength(30);
    } finally {
      await server.deps.ai.draftsPerAdmin.reset(TEST_ADMIN.email);
    }
  });
});

describe("with no provider configured", () => {
  it("refuses drafting with a clear 503", async () => {
    const bare = await startApiServer();
    try {
      const response = await fetch(`${bare.url}/api/ai/generate`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: await signIn(bare.url) },
        body: JSON.stringify({ task: "service", title: "SEO" }),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: AI_NOT_CONFIGURED });
    } finally {
      await bare.close();
    }
  });
});
