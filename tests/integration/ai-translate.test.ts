import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_TRANSLATION_GUIDES,
  TOO_MANY_TRANSLATIONS,
  TRANSLATE_MAX_TEXTS,
  TRANSLATED_TEXTS_PER_ADMIN_LIMIT,
  type TranslateEvent,
} from "#content/ai-translation.ts";
import { defaultAiSettings } from "#content/defaults.ts";
import type { AiSettings, TranslationGuide } from "#content/schemas.ts";
import { AI_NOT_CONFIGURED, GENERATION_FAILED } from "#server/ai/provider.ts";
import { startFakeAi, type FakeAi, type RecordedRequest } from "#server/dev/fake-ai.ts";
import { signIn, startApiServer, startTestServer, TEST_ADMIN, type TestServer } from "../helpers/api-server.ts";

/**
 * "Translate from English" (issue 26) against the fake model server, with
 * the app's real provider clients: each text is its own model call and lands
 * in the answer as soon as the model answers it; nothing is stored.
 */

const ZWJ = "\u200D";
const ZWNJ = "\u200C";
/** "Sri Lanka" in Sinhala: its ශ්‍රී is written with a zero-width joiner. */
const SRI_LANKA = `ශ්${ZWJ}රී ලංකාව`;

let fake: FakeAi;
beforeAll(async () => {
  fake = await startFakeAi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

/** The English text a prompt ends with (the prompt's last part, ./translation-prompt.ts). */
const textOf = (request: RecordedRequest) => request.prompt.slice(request.prompt.lastIndexOf("English text:\n") + 14);

/** Reads an NDJSON answer one event at a time, as the admin's browser does. */
function eventsOf(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const next = async (): Promise<TranslateEvent | undefined> => {
    for (;;) {
      const end = buffer.indexOf("\n");
      if (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        return JSON.parse(line) as TranslateEvent;
      }
      const { value, done } = await reader.read();
      if (done) {
        if (buffer) throw new Error(`a partial line at the end: ${buffer}`);
        return undefined;
      }
      buffer += value;
    }
  };
  const rest = async () => {
    const events: TranslateEvent[] = [];
    for (let event = await next(); event; event = await next()) events.push(event);
    return events;
  };
  return { next, rest };
}

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

function suite(name: string, env: () => Record<string, string>, protocol: RecordedRequest["protocol"]) {
  describe(`translating with ${name}`, () => {
    let server: TestServer;
    let cookie: string;

    /** The server's log lines (JSON), warnings and worse. */
    const log: string[] = [];

    beforeAll(async () => {
      server = await startTestServer({
        env: { ...env(), LOG_LEVEL: "warn" },
        log: { write: (line: string) => void log.push(line) },
      });
      cookie = await signIn(server.url);
    });
    afterAll(async () => {
      await server.close();
    });
    beforeEach(async () => {
      await server.deps.ai.translatedTextsPerAdmin.reset(TEST_ADMIN.email);
    });

    const stored = () => server.deps.store.backup.dump();

    const translate = (body: unknown, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}) =>
      fetch(`${server.url}/api/ai/translate`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie, ...init.headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
        signal: init.signal,
      });

    async function saveGuide(locale: "si" | "ta", guide: TranslationGuide) {
      const current = (await (
        await fetch(`${server.url}/api/ai-settings`, { headers: { Cookie: cookie } })
      ).json()) as {
        version: number;
        data: AiSettings;
      };
      const response = await fetch(`${server.url}/api/ai-settings`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({
          version: current.version,
          data: { ...current.data, translation: { ...current.data.translation, [locale]: guide } },
        }),
      });
      expect(response.status).toBe(200);
    }

    it("says the provider and that translating can work", async () => {
      const response = await fetch(`${server.url}/api/ai/status`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ provider: protocol, translate: { available: true } });
    });

    it("translates each text with a call of its own and streams each as soon as it lands, in order, storing nothing", async () => {
      const before = await stored();
      const second = fake.gate();
      fake.reply(
        { kind: "text", text: `${SRI_LANKA}ට සාදරයෙන් පිළිගනිමු` },
        { kind: "text", text: "අපේ සේවා", holdBefore: second.hold },
        { kind: "text", text: `අපේ කණ්ඩායම${ZWNJ}` },
      );
      const response = await translate({
        locale: "si",
        texts: [
          { path: "hero.title", text: "Welcome to Sri Lanka" },
          { path: "features.0.title", text: "Our services" },
          { path: "features.1.title", text: "Our team" },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const events = eventsOf(response);
      expect(await events.next()).toEqual({ type: "start", total: 3 });
      expect(await events.next()).toEqual({ type: "text", path: "hero.title", text: `${SRI_LANKA}ට සාදරයෙන් පිළිගනිමු` });
      // The first text arrived while the model still holds the second's answer.
      await until(() => fake.requests.length === 2, "the second model call");
      expect(fake.requests).toHaveLength(2);
      second.release();
      expect(await events.next()).toEqual({ type: "text", path: "features.0.title", text: "අපේ සේවා" });
      expect(await events.rest()).toEqual([
        { type: "text", path: "features.1.title", text: `අපේ කණ්ඩායම${ZWNJ}` },
        { type: "done", translated: 3 },
      ]);
      expect(fake.requests.map((request) => [request.protocol, request.stream, textOf(request)])).toEqual([
        [protocol, false, "Welcome to Sri Lanka"],
        [protocol, false, "Our services"],
        [protocol, false, "Our team"],
      ]);
      expect(await stored()).toEqual(before);
    });

    it("writes the language's style note and only the glossary terms the text holds into the prompt", async () => {
      await saveGuide("ta", {
        style: "Friendly, for Jaffna shop owners.",
        glossary: [
          { term: "Lanka Growth Partners", translation: "" },
          { term: "brand strategy", translation: "வர்த்தகநாம உத்தி" },
          { term: "TikTok", translation: "" },
        ],
      });
      fake.setDefault({ kind: "text", text: "மொழிபெயர்ப்பு" });
      const response = await translate({
        locale: "ta",
        texts: [{ path: "title", text: "Brand Strategy by LANKA GROWTH PARTNERS" }],
      });
      expect(await eventsOf(response).rest()).toEqual([
        { type: "start", total: 1 },
        { type: "text", path: "title", text: "மொழிபெயர்ப்பு" },
        { type: "done", translated: 1 },
      ]);
      const [request] = fake.requests;
      expect(request!.prompt).toContain("into Tamil (தமிழ்)");
      expect(request!.prompt).toContain("Friendly, for Jaffna shop owners.");
      expect(request!.prompt).toContain('"Lanka Growth Partners": keep it exactly as it is');
      expect(request!.prompt).toContain('"brand strategy": always translate it as "வர்த்தகநாம உத்தி"');
      expect(request!.prompt).not.toContain("TikTok");
      // The other language's guide is not used.
      expect(request!.prompt).not.toContain(DEFAULT_TRANSLATION_GUIDES.si.style);
      await saveGuide("ta", structuredClone(DEFAULT_TRANSLATION_GUIDES.ta));
    });

    it("keeps markdown markup and never sends or changes a link's address", async () => {
      const source = [
        "## Grow with us",
        "",
        "Read [our services](/services) or the [guide](https://example.lk/guide?x=1).",
        "",
        "- **Plan** first, see https://example.lk/plan.",
      ].join("\n");
      fake.reply((request) => {
        expect(request.prompt).not.toContain("/services");
        expect(request.prompt).not.toContain("example.lk");
        return {
          kind: "text",
          text: "```markdown\n## අප සමඟ වර්ධනය වන්න\n\n[අපේ සේවා](⟦1⟧) හෝ [මාර්ගෝපදේශය](⟦2⟧) කියවන්න.\n\n- **සැලසුම්** මුලින්, ⟦3⟧ බලන්න.\n```",
        };
      });
      const response = await translate({
        locale: "si",
        texts: [{ path: "content", text: `${source}\n`, format: "markdown" }],
      });
      const events = await eventsOf(response).rest();
      expect(events[1]).toEqual({
        type: "text",
        path: "content",
        text: "## අප සමඟ වර්ධනය වන්න\n\n[අපේ සේවා](/services) හෝ [මාර්ගෝපදේශය](https://example.lk/guide?x=1) කියවන්න.\n\n- **සැලසුම්** මුලින්, https://example.lk/plan බලන්න.\n",
      });
      expect(fake.requests[0]!.prompt).toMatch(/simple markdown: keep every mark/);
    });

    it("keeps HTML tags and addresses, and sanitises what the model answers", async () => {
      fake.reply({
        kind: "text",
        text: `"<h2 id="use">භාවිතය</h2><p><a href="⟦1⟧" target="_blank">නියම</a> කියවන්න.</p><img src=x onerror=alert(1)><script>alert(1)</script>"`,
      });
      const response = await translate({
        locale: "si",
        texts: [
          {
            path: "content",
            text: `<h2 id="use">Use</h2><p>Read <a href="https://example.lk/terms" target="_blank">the terms</a>.</p>`,
            format: "html",
          },
        ],
      });
      const events = await eventsOf(response).rest();
      expect(events[1]).toEqual({
        type: "text",
        path: "content",
        text: `<h2 id="use">භාවිතය</h2><p><a href="https://example.lk/terms" target="_blank" rel="noopener noreferrer">නියම</a> කියවන්න.</p>`,
      });
      expect(fake.requests[0]!.prompt).not.toContain("example.lk");
    });

    it("asks again once when an answer loses a link, and fails the text when the second does too", async () => {
      const texts = [
        { path: "a", text: "See [us](/about).", format: "markdown" },
        { path: "b", text: "Call [us](/contact).", format: "markdown" },
        { path: "c", text: "Bye" },
      ];
      fake.reply(
        { kind: "text", text: "[අප](⟦1⟧) බලන්න. [අප](⟦1⟧)" },
        { kind: "text", text: "[අප](⟦1⟧) බලන්න." },
        { kind: "text", text: "අපට කතා කරන්න." },
        { kind: "text", text: "අපට කතා කරන්න ⟦2⟧." },
      );
      const events = await eventsOf(await translate({ locale: "si", texts })).rest();
      expect(events).toEqual([
        { type: "start", total: 3 },
        { type: "text", path: "a", text: "[අප](/about) බලන්න." },
        { type: "error", error: GENERATION_FAILED, left: ["b", "c"] },
      ]);
      expect(fake.requests.map(textOf)).toEqual([
        "See [us](⟦1⟧).",
        "See [us](⟦1⟧).",
        "Call [us](⟦1⟧).",
        "Call [us](⟦1⟧).",
      ]);
    });

    it("keeps what arrived when the model fails mid-way, says which texts are left, and calls no further", async () => {
      log.length = 0;
      const before = await stored();
      fake.reply(
        { kind: "text", text: "පළමු" },
        { kind: "status", status: 500 },
        { kind: "status", status: 500 },
        { kind: "status", status: 500 },
      );
      const response = await translate({
        locale: "si",
        texts: [
          { path: "one", text: "First" },
          { path: "two", text: "Second" },
          { path: "three", text: "Third" },
        ],
      });
      expect(await eventsOf(response).rest()).toEqual([
        { type: "start", total: 3 },
        { type: "text", path: "one", text: "පළමු" },
        { type: "error", error: GENERATION_FAILED, left: ["two", "three"] },
      ]);
      // The provider's own retries: the second text three times, the third never.
      expect(fake.requests.map(textOf)).toEqual(["First", "Second", "Second", "Second"]);
      // The log says what failed and why, never what was sent.
      const logged = log.filter((line) => line.includes("AI translation failed"));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!)).toMatchObject({
        provider: protocol,
        locale: "si",
        path: "two",
        detail: /HTTP 500/,
      });
      expect(logged[0]).not.toContain("Second");
      expect(logged[0]).not.toContain("English text");
      expect(await stored()).toEqual(before);
    });

    it("stops calling the model as soon as the admin stops", async () => {
      const held = fake.gate();
      fake.reply({ kind: "text", text: "පළමු" }, { kind: "text", text: "දෙවන", holdBefore: held.hold });
      const stop = new AbortController();
      const response = await translate(
        {
          locale: "si",
          texts: ["One", "Two", "Three", "Four"].map((text, index) => ({ path: `t${index}`, text })),
        },
        { signal: stop.signal },
      );
      const events = eventsOf(response);
      expect(await events.next()).toEqual({ type: "start", total: 4 });
      expect(await events.next()).toEqual({ type: "text", path: "t0", text: "පළමු" });
      await until(() => fake.requests.length === 2, "the second model call");
      stop.abort();
      // The server hears the admin go (the connection closes) and drops the call it waits on…
      await new Promise((resolve) => setTimeout(resolve, 500));
      // …so the model's late answer leads nowhere: no text, no third call.
      held.release();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fake.requests.map(textOf)).toEqual(["One", "Two"]);
    });

    it("keeps the English text's joiners in the prompt and the model's in the answer", async () => {
      fake.reply({ kind: "text", text: `${SRI_LANKA}${ZWNJ} ගැන` });
      const english = `About ${SRI_LANKA}`;
      const events = await eventsOf(await translate({ locale: "si", texts: [{ path: "p", text: english }] })).rest();
      expect(textOf(fake.requests[0]!)).toBe(english);
      expect(events[1]).toEqual({ type: "text", path: "p", text: `${SRI_LANKA}${ZWNJ} ගැන` });
      expect((events[1] as { text: string }).text).toContain(ZWJ);
    });
  });
}

suite(
  "an OpenAI-compatible server",
  () => ({ OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: "fake-model" }),
  "openai",
);
suite(
  "Gemini",
  () => ({ GEMINI_API_KEY: "gm-test", GEMINI_BASE_URL: fake.url, GEMINI_MODEL: "gemini-test" }),
  "gemini",
);

describe("what is refused, before any model call and with nothing stored", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startApiServer({ OPENAI_BASE_URL: `${fake.url}/v1` });
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await server.deps.ai.translatedTextsPerAdmin.reset(TEST_ADMIN.email);
  });

  const stored = () => server.deps.store.backup.dump();
  const translate = (body: unknown, headers: Record<string, string> = { Cookie: cookie }) =>
    fetch(`${server.url}/api/ai/translate`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const one = { path: "title", text: "Hello" };

  it.each([
    ["an unknown language", { locale: "fr", texts: [one] }, "locale: locale must be one of: si, ta."],
    ["English", { locale: "en", texts: [one] }, "locale: locale must be one of: si, ta."],
    ["an unknown field", { locale: "si", texts: [one], model: "x" }, "Unknown field: model"],
    ["an unknown field in a text", { locale: "si", texts: [{ ...one, lang: "en" }] }, "texts.0: Unknown field: lang"],
    ["no texts", { locale: "si", texts: [] }, "texts: Send at least one text to translate."],
    [
      "an empty text",
      { locale: "si", texts: [{ path: "a", text: "" }] },
      "texts.0.text: A text to translate is empty.",
    ],
    [
      "too many texts",
      {
        locale: "si",
        texts: Array.from({ length: TRANSLATE_MAX_TEXTS + 1 }, (_, i) => ({ path: `p${i}`, text: "x" })),
      },
      "texts: Translate at most 300 texts at once.",
    ],
    [
      "too many characters",
      { locale: "si", texts: Array.from({ length: 3 }, (_, i) => ({ path: `p${i}`, text: "x".repeat(90_000) })) },
      "texts: Translate at most 250,000 characters at once.",
    ],
    [
      "the same path twice",
      { locale: "si", texts: [one, { ...one, text: "Hi" }] },
      "texts: Each text's path must be different.",
    ],
    ["an unknown format", { locale: "si", texts: [{ ...one, format: "rtf" }] }, /^texts\.0\.format: /],
    [
      "a text too long for one prompt",
      { locale: "si", texts: [{ path: "content", text: "word ".repeat(13_000), format: "markdown" }] },
      "The text at content is too long to translate at once.",
    ],
  ])("answers 400 to %s", async (_what, body, error) => {
    const before = await stored();
    const response = await translate(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(error);
    expect(fake.requests).toHaveLength(0);
    expect(await stored()).toEqual(before);
  });

  it("answers 415 to a body that is not JSON", async () => {
    const response = await fetch(`${server.url}/api/ai/translate`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: "locale=si",
    });
    expect(response.status).toBe(415);
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses visitors (401) and another site's page (403)", async () => {
    const before = await stored();
    const signedOut = await translate({ locale: "si", texts: [one] }, {});
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: "Please sign in to the admin panel." });
    const foreign = await translate({ locale: "si", texts: [one] }, { Cookie: cookie, Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await fetch(`${server.url}/api/ai/status`)).status).toBe(401);
    expect(fake.requests).toHaveLength(0);
    expect(await stored()).toEqual(before);
  });

  it(`counts texts, not requests: ${TRANSLATED_TEXTS_PER_ADMIN_LIMIT} in ten minutes per administrator, then 429`, async () => {
    await server.deps.ai.translatedTextsPerAdmin.hit(
      TEST_ADMIN.email,
      Date.now(),
      TRANSLATED_TEXTS_PER_ADMIN_LIMIT - 10,
    );
    const texts = (count: number) => Array.from({ length: count }, (_, i) => ({ path: `p${i}`, text: `Text ${i}` }));
    const over = await translate({ locale: "si", texts: texts(11) });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await over.json()).toEqual({ error: TOO_MANY_TRANSLATIONS });
    expect(fake.requests).toHaveLength(0);

    const fits = await translate({ locale: "si", texts: texts(10) });
    expect(fits.status).toBe(200);
    expect((await eventsOf(fits).rest()).at(-1)).toEqual({ type: "done", translated: 10 });
    expect(fake.requests).toHaveLength(10);

    expect((await translate({ locale: "si", texts: texts(1) })).status).toBe(429);
    expect(fake.requests).toHaveLength(10);
  });

  it("saves and reads back a glossary, and refuses a duplicate term with nothing stored", async () => {
    const read = async () =>
      (await (await fetch(`${server.url}/api/ai-settings`, { headers: { Cookie: cookie } })).json()) as {
        version: number;
        data: AiSettings;
      };
    const put = (version: number, data: unknown) =>
      fetch(`${server.url}/api/ai-settings`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({ version, data }),
      });
    const current = await read();
    expect(current.data.translation).toEqual(DEFAULT_TRANSLATION_GUIDES);
    const guide = {
      style: `Warm; write ${SRI_LANKA} with its joiner.`,
      glossary: [
        { term: "Brand Strategy", translation: `සන්නාම උපාය මාර්ග` },
        { term: "Palmyra Media", translation: "" },
      ],
    };
    const translation = { ...current.data.translation, si: guide };
    expect((await put(current.version, { ...current.data, translation })).status).toBe(200);
    const saved = await read();
    expect(saved.version).toBe(current.version + 1);
    expect(saved.data).toEqual({ ...defaultAiSettings, ...current.data, translation });
    expect(saved.data.translation.si.style).toContain(ZWJ);

    const before = await stored();
    const duplicate = {
      ...guide,
      glossary: [...guide.glossary, { term: "brand strategy", translation: "" }],
    };
    const refused = await put(saved.version, { ...saved.data, translation: { ...translation, si: duplicate } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'translation.si.glossary.2.term: "brand strategy" is already in the glossary.',
    );
    expect(await stored()).toEqual(before);

    expect((await put(saved.version, { ...saved.data, translation: DEFAULT_TRANSLATION_GUIDES })).status).toBe(200);
  });
});

describe("with no model configured", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startApiServer({ AI_PROVIDER: "none" });
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it("says why translating cannot work, and refuses with 503 storing nothing", async () => {
    const status = await fetch(`${server.url}/api/ai/status`, { headers: { Cookie: cookie } });
    expect(await status.json()).toEqual({
      provider: "none",
      translate: { available: false, reason: AI_NOT_CONFIGURED },
    });
    const before = await server.deps.store.backup.dump();
    const response = await fetch(`${server.url}/api/ai/translate`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ locale: "ta", texts: [{ path: "title", text: "Hello" }] }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: AI_NOT_CONFIGURED });
    expect(await server.deps.store.backup.dump()).toEqual(before);
  });
});
