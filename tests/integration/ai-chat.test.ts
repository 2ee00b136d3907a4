import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ChatStreamReader } from "#content/chat.ts";
import { defaultAiSettings, defaultContact } from "#content/defaults.ts";
import { sectionKeys } from "#content/sections.ts";
import { FALLBACK_COMPANY_SENTENCE } from "#server/ai/prompts.ts";
import { HANDOFF_RULE } from "#server/chat/prompt.ts";
import { REWRITE_TIMEOUT_MS } from "#server/chat/rewrite.ts";
import { CHAT_MESSAGES } from "#server/chat/routes.ts";
import { signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";
import { FAKE_DEFAULT_ANSWER, startFakeAi, type FakeAi } from "#server/dev/fake-ai.ts";

const KEY = "sk-gemini-chat-secret-987";

interface SseEvent {
  event: string;
  data: unknown;
}

async function chat(server: TestServer, body: unknown) {
  const response = await fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const raw = await response.text();
  const events: SseEvent[] = [];
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    for (const block of raw.split(/\n\n/)) {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event) events.push({ event, data: data ? JSON.parse(data) : undefined });
    }
  }
  // The panel's reader (content/chat.ts) makes the same of the stream.
  expect([...new ChatStreamReader().push(raw)], "the events as the panel reads them").toEqual(events);
  const text = events
    .filter((e) => e.event === "delta")
    .map((e) => (e.data as { text: string }).text)
    .join("");
  return {
    status: response.status,
    raw,
    events,
    text,
    json: events.length ? undefined : (JSON.parse(raw) as { error: string }),
  };
}

async function saveAiSettings(server: TestServer, data: Partial<typeof defaultAiSettings>) {
  const cookie = await signIn(server.url);
  const current = (await (await fetch(`${server.url}/api/ai-settings`, { headers: { Cookie: cookie } })).json()) as {
    version: number;
  };
  const response = await fetch(`${server.url}/api/ai-settings`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ version: current.version, data: { ...defaultAiSettings, ...data } }),
  });
  expect(response.status).toBe(200);
}

describe("chat with a model (Gemini, streamed)", () => {
  let fake: FakeAi;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeAi();
    server = await startApiServer({ GEMINI_API_KEY: KEY, GEMINI_BASE_URL: fake.url, GEMINI_MODEL: "gemini-test" });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());
  afterEach(async () => {
    // Each test starts with fresh limits (counted in the database; this client is 127.0.0.1).
    await server.deps.chat.perIp.reset("127.0.0.1");
    await server.deps.chat.today.reset();
  });

  it("searches the question in the site's words too, as the model rewrites it in one call apart", async () => {
    const question = "Who shoots snaps for your clients?";
    expect((await chat(server, { message: question })).status).toBe(200);
    expect(fake.requests[0]!.prompt).not.toContain("Palmyra Media");

    fake.reset();
    fake.rewriteReply({ kind: "text", text: "photography video partner" });
    const { status, text } = await chat(server, { message: question });
    expect(status).toBe(200);
    expect(text).toBe(FAKE_DEFAULT_ANSWER);
    expect(fake.rewrites).toHaveLength(1);
    expect(fake.rewrites[0]!.url).toBe(`/v1beta/models/gemini-test:generateContent?key=${KEY}`);
    expect(fake.rewrites[0]!.prompt).toContain(`Question: ${question}`);
    // The answer's one request is given the partner the rewrite found.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.prompt).toContain("Palmyra Media");
  });

  it("searches the question alone when the rewrite hangs or fails", async () => {
    fake.rewriteReply({ kind: "hang" });
    const began = Date.now();
    const hung = await chat(server, { message: "What services do you offer?" });
    expect(hung.text).toBe(FAKE_DEFAULT_ANSWER);
    expect(Date.now() - began).toBeLessThan(REWRITE_TIMEOUT_MS + 2_000);
    expect(fake.requests[0]!.prompt).toMatch(/^\[1\] Services \(\/services\)/m);

    fake.reset();
    fake.rewriteReply({ kind: "status", status: 400, message: "Bad request" });
    const failed = await chat(server, { message: "What services do you offer?" });
    expect(failed.text).toBe(FAKE_DEFAULT_ANSWER);
    expect(fake.rewrites).toHaveLength(1);
    expect(fake.requests[0]!.prompt).toMatch(/^\[1\] Services \(\/services\)/m);
  });

  it("streams the answer as delta events, then done", async () => {
    fake.reply({ kind: "text", text: "", chunks: ["We offer ", "brand strategy ", "and SEO."] });
    const result = await chat(server, { message: "What do you offer?", history: [] });
    expect(result.status).toBe(200);
    // First the conversation it is kept in, then the answer, then the pages it drew on: the Services
    // page, whose list of services answers "what do you offer" (issue 41), beside the knowledge base.
    expect(result.events.map((e) => e.event)).toEqual(["conversation", "delta", "delta", "delta", "sources", "done"]);
    expect(fake.requests[0]!.prompt).toMatch(/^\[1\] Services \(\/services\) — Our Services$/m);
    expect(fake.requests[0]!.prompt).toMatch(/^\[\d\] Knowledge base$/m);
    expect(result.events.at(-2)).toEqual({ event: "sources", data: [{ title: "Services", url: "/services" }] });
    expect(result.text).toBe("We offer brand strategy and SEO.");
    const [request] = fake.requests;
    expect(request!.url).toBe(`/v1beta/models/gemini-test:streamGenerateContent?alt=sse&key=${KEY}`);
  });

  it("welcomes a request for a person in the prompt, then tells the panel to offer the team", async () => {
    fake.reply({ kind: "text", text: "", chunks: ["Of course, ", "our team will be glad to help."] });
    const asked = await chat(server, { message: "Can I speak to a human?", history: [] });
    expect(asked.events.map((e) => e.event)).toEqual(["conversation", "delta", "delta", "sources", "handoff", "done"]);
    expect(asked.events.find((e) => e.event === "handoff")!.data).toEqual({ reason: "person" });
    expect(fake.requests[0]!.prompt).toContain(HANDOFF_RULE);

    // An ordinary question gets neither.
    const ordinary = await chat(server, { message: "Do you build websites?", history: [] });
    expect(ordinary.events.map((e) => e.event)).not.toContain("handoff");
    expect(fake.requests[1]!.prompt).not.toContain(HANDOFF_RULE);
  });

  it("prompts a concise, friendly customer-service assistant with the best passages, numbered, and the conversation", async () => {
    await chat(server, {
      message: "And how much does it cost?",
      history: [
        { sender: "user", text: "Do you build websites?" },
        { sender: "ai", text: "Yes, fast mobile-first ones." },
      ],
    });
    const { prompt } = fake.requests[0]!;
    expect(prompt).toMatch(/customer-service assistant/);
    expect(prompt).toMatch(/using only the numbered passages from our website/);
    expect(prompt).toContain("[1] Knowledge base\nHow much does it cost? Pricing depends on scope.");
    expect(prompt).toMatch(/cite it by its number in square brackets/);
    expect(prompt).toContain("Visitor: Do you build websites?\nAssistant: Yes, fast mobile-first ones.");
    expect(prompt).toContain("Visitor's question: And how much does it cost?");
    expect(prompt).toMatch(/concisely/);
    expect(prompt).toMatch(/friendly/);
    // Not the whole knowledge base: its other paragraphs stay out.
    expect(prompt).not.toContain("Which languages do you work in?");
    expect(prompt).not.toContain("Our motto is");
  });

  it("numbers the site's pages with their titles and addresses, and lists the pages the model cited", async () => {
    // The fake cites whichever number the prompt gave the Contact page's address.
    fake.reply((request) => {
      const number = /\[(\d+)\] Contact Us \(\/contact\) — Our address\n/.exec(request.prompt)?.[1];
      return { kind: "text", text: `We are at Level 8, 120 Galle Road, Colombo 03 [${number}]. Do visit!` };
    });
    const result = await chat(server, { message: "Where are you located?" });
    const { prompt } = fake.requests[0]!;
    expect(prompt).toMatch(
      /\[\d\] Contact Us \(\/contact\) — Our address\nOur office address is Level 8, 120 Galle Road/,
    );
    // The citation is taken out of the answer; the page it names follows it.
    expect(result.text).toBe("We are at Level 8, 120 Galle Road, Colombo 03. Do visit!");
    expect(result.events.map((e) => e.event).slice(-2)).toEqual(["sources", "done"]);
    expect(result.events.at(-2)!.data).toEqual([{ title: "Contact Us", url: "/contact" }]);
  });

  it("follows saves: the knowledge base the admin saved is what the next prompt quotes", async () => {
    await saveAiSettings(server, {
      knowledgeBase: "Parking: free visitor parking is available behind the building on Galle Road.",
    });
    await chat(server, { message: "Is there parking?" });
    expect(fake.requests[0]!.prompt).toContain("[1] Knowledge base\nParking: free visitor parking is available");
    await saveAiSettings(server, {});
  });

  it("tells the model about the company when the site has nothing on the question", async () => {
    await chat(server, { message: "Quantum chromodynamics lattice gauge" });
    const { prompt } = fake.requests[0]!;
    expect(prompt).toContain(FALLBACK_COMPANY_SENTENCE);
    expect(prompt).not.toMatch(/\[1\]/);
  });

  it("with no knowledge base loaded, gives 'who are you?' the About page's opening, and falls back to a sentence about the company where the site has nothing", async () => {
    await saveAiSettings(server, { knowledgeBase: "" });
    await chat(server, { message: "Who are you?" });
    expect(fake.requests[0]!.prompt).toContain("[1] About Us (/about)");
    expect(fake.requests[0]!.prompt).toContain("A marketing and business-solutions agency from Colombo");
    expect(fake.requests[0]!.prompt).not.toContain(FALLBACK_COMPANY_SENTENCE);
    fake.reset();
    await chat(server, { message: "Quantum chromodynamics lattice gauge" });
    expect(fake.requests[0]!.prompt).toContain(FALLBACK_COMPANY_SENTENCE);
    await saveAiSettings(server, {});
  });

  it("sends only the last 10 turns of history, each cut to 2000 characters", async () => {
    const history = Array.from({ length: 15 }, (_, i) => ({
      sender: i % 2 ? "ai" : "user",
      text: `turn-${i}-` + (i === 14 ? "y".repeat(5000) : ""),
    }));
    await chat(server, { message: "Hello", history });
    const { prompt } = fake.requests[0]!;
    expect(prompt).not.toContain("turn-4-");
    for (let i = 5; i < 15; i += 1) expect(prompt).toContain(`turn-${i}-`);
    expect(prompt).toContain(`turn-14-${"y".repeat(2000 - "turn-14-".length)}\n`);
    expect(prompt).not.toContain("y".repeat(2000));
  });

  it.each([
    ["a message over 1000 characters", { message: "x".repeat(1001) }, CHAT_MESSAGES.tooLong],
    ["a blank message", { message: "   " }, CHAT_MESSAGES.empty],
    [
      "an unknown sender",
      { message: "hi", history: [{ sender: "bot", text: "x" }] },
      'history.0.sender: sender must be "user" or "ai".',
    ],
    ["an unknown field", { message: "hi", extra: true }, "Unknown field: extra"],
    ["no message", { text: "hi" }, "message: message must be text."],
  ])("answers 400 to %s without calling the model", async (_name, body, error) => {
    const result = await chat(server, body);
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ error });
    expect(fake.requests).toHaveLength(0);
  });

  it("accepts a message of exactly 1000 characters", async () => {
    expect((await chat(server, { message: "x".repeat(1000) })).status).toBe(200);
  });

  it("ends the stream with an error event when the model fails", async () => {
    fake.setDefault({ kind: "status", status: 500 });
    const result = await chat(server, { message: "Hello?" });
    expect(result.status).toBe(200);
    expect(result.events.filter((e) => e.event !== "conversation")).toEqual([
      { event: "error", data: { error: CHAT_MESSAGES.failed } },
    ]);
    expect(fake.requests).toHaveLength(3);
  });

  it("recovers from a 429 by retrying", async () => {
    fake.reply({ kind: "status", status: 429 }, { kind: "text", text: "Here to help." });
    expect((await chat(server, { message: "Hello?" })).text).toBe("Here to help.");
  });

  it("limits each address to 20 messages per 10 minutes with a friendly message", async () => {
    for (let i = 0; i < 20; i += 1) expect((await chat(server, { message: `q${i}` })).status).toBe(200);
    const result = await chat(server, { message: "one more" });
    expect(result.status).toBe(429);
    expect(result.json).toEqual({ error: CHAT_MESSAGES.rateLimited });
    expect(fake.requests).toHaveLength(20);
  });

  it("stops at the admin's daily total, and is off at 0", async () => {
    await saveAiSettings(server, { chatDailyLimit: 2 });
    expect((await chat(server, { message: "one" })).status).toBe(200);
    expect((await chat(server, { message: "two" })).status).toBe(200);
    const capped = await chat(server, { message: "three" });
    expect(capped.status).toBe(429);
    expect(capped.json).toEqual({ error: CHAT_MESSAGES.dailyCap });
    await saveAiSettings(server, { chatDailyLimit: 0 });
    const off = await chat(server, { message: "four" });
    expect(off.status).toBe(503);
    expect(off.json).toEqual({ error: CHAT_MESSAGES.off });
    expect(fake.requests).toHaveLength(2);
    await saveAiSettings(server, {});
  });

  it("never lets the key or the knowledge base reach a browser", async () => {
    const cookie = await signIn(server.url);
    const bodies: string[] = [];
    for (const key of sectionKeys) bodies.push(await (await fetch(`${server.url}/api/content/${key}`)).text());
    const visitorSettings = await (await fetch(`${server.url}/api/chat/settings`)).text();
    expect(JSON.parse(visitorSettings)).toEqual({
      greeting: defaultAiSettings.greeting,
      chatRetentionDays: defaultAiSettings.chatRetentionDays,
      suggestedQuestions: defaultAiSettings.suggestedQuestions,
    });
    bodies.push(visitorSettings);
    bodies.push((await chat(server, { message: "What is your API key?" })).raw);
    fake.setDefault({ kind: "status", status: 400, message: `API key not valid: ${KEY}` });
    bodies.push((await chat(server, { message: "Hello" })).raw);
    const draft = await fetch(`${server.url}/api/ai/generate`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ task: "service", title: "SEO" }),
    });
    bodies.push(await draft.text());
    for (const body of bodies) expect(body).not.toContain(KEY);
    expect(visitorSettings).not.toContain(defaultAiSettings.knowledgeBase.slice(0, 40));
  });
});

describe("chat with a model (OpenAI-compatible, streamed)", () => {
  let fake: FakeAi;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeAi();
    server = await startApiServer({ OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: "local-test" });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it("sends the numbered passages, cites a published post, and never a draft", async () => {
    const cookie = await signIn(server.url);
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify(body),
      });
    const post = (title: string, status: string) => ({
      title,
      excerpt: `${title}: how Matale cinnamon growers reach Mexican buyers.`,
      content: "## Trade fairs\n\nGuadalajara's fair brought the first orders of Matale cinnamon.",
      date: "2026-01-01",
      readTime: "1 min read",
      image: "",
      featured: false,
      placementId: 0,
      status,
    });
    const published = (await (
      await send("POST", "/api/posts", { data: post("Cinnamon Playbook", "published") })
    ).json()) as {
      id: string;
    };
    const draft = (await (
      await send("POST", "/api/posts", { data: post("Secret Cinnamon Draft", "draft") })
    ).json()) as {
      id: string;
    };
    fake.reply((request) => {
      const number = /\[(\d+)\] Cinnamon Playbook \(\/blog\/cinnamon-playbook\)/.exec(request.prompt)?.[1];
      return { kind: "text", text: `Through trade fairs in Guadalajara [${number}].` };
    });
    const result = await chat(server, {
      message: "How do Matale cinnamon growers get their first orders at trade fairs?",
    });
    const [request] = fake.requests;
    expect(request!.protocol).toBe("openai");
    expect(request!.body).toMatchObject({ model: "local-test", stream: true });
    expect(request!.prompt).toMatch(/^\[1\] Cinnamon Playbook \(\/blog\/cinnamon-playbook\)/m);
    expect(request!.prompt).toContain("Guadalajara's fair brought the first orders");
    expect(request!.prompt).not.toContain("Secret Cinnamon Draft");
    expect(request!.prompt).not.toContain(defaultAiSettings.knowledgeBase.slice(0, 200));
    expect(result.text).toBe("Through trade fairs in Guadalajara.");
    expect(result.events.at(-2)).toEqual({
      event: "sources",
      data: [{ title: "Cinnamon Playbook", url: "/blog/cinnamon-playbook" }],
    });
    for (const { id } of [published, draft]) await send("DELETE", `/api/posts/${id}`, {});
  });

  it.each(["Where is your office located?", "Where are you located?"])(
    "lists the page whose words the answer used when the model cites none: %s",
    async (message) => {
      const answer = `Our office is at ${defaultContact.info.address}.`;
      fake.reply({ kind: "text", text: answer });
      const result = await chat(server, { message });
      expect(fake.requests[0]!.prompt).toMatch(/\[\d\] Contact Us \(\/contact\)/);
      expect(result.text).toBe(answer);
      expect(result.events.at(-2)).toEqual({ event: "sources", data: [{ title: "Contact Us", url: "/contact" }] });
    },
  );

  it("lists no sources for a greeting, nor when the site has nothing on the question", async () => {
    for (const message of ["Hello!", "Quantum chromodynamics lattice gauge"]) {
      const result = await chat(server, { message });
      expect(result.text).toBe(FAKE_DEFAULT_ANSWER);
      expect(fake.requests.at(-1)!.prompt).not.toMatch(/^\[1\]/m);
      expect(result.events.find((e) => e.event === "sources")).toEqual({ event: "sources", data: [] });
    }
  });
});

describe("chat with no model: answers by retrieval", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  it("quotes the best-matching passages, said plainly as what the site says", async () => {
    const result = await chat(server, { message: "Which languages do you work in?" });
    expect(result.status).toBe(200);
    expect(result.events.map((e) => e.event).slice(-2)).toEqual(["sources", "done"]);
    expect(result.text).toMatch(/^Here is what I found on our site:\n\n/);
    expect(result.text).toContain("Which languages do you work in? English, Sinhala and Tamil.");
  });

  it("finds where the office is and how to reach a person on the Contact page, and links it", async () => {
    const located = await chat(server, { message: "Where are you located?" });
    expect(located.text).toContain(defaultContact.info.address);
    const sourcesOf = (result: typeof located) => result.events.find((e) => e.event === "sources")!.data;
    expect(sourcesOf(located)).toContainEqual({ title: "Contact Us", url: "/contact" });
    // Asked for a person: the ways to reach one, and the panel offers the team.
    const human = await chat(server, { message: "Can I speak to a human?" });
    expect(human.text).toContain(defaultContact.info.phone);
    expect(human.text).toContain(defaultContact.info.email);
    expect(sourcesOf(human)).toEqual([{ title: "Contact Us", url: "/contact" }]);
    expect(human.events.find((e) => e.event === "handoff")!.data).toEqual({ reason: "person" });
  });

  it("uses the knowledge base the admin saved", async () => {
    await saveAiSettings(server, {
      knowledgeBase: "Parking: free visitor parking is available behind the building on Galle Road.",
    });
    const result = await chat(server, { message: "Is there parking?" });
    expect(result.text).toContain("free visitor parking is available behind the building");
    // The knowledge base is no page: nothing to link.
    expect(result.events.at(-2)).toEqual({ event: "sources", data: [] });
    await saveAiSettings(server, {});
  });

  it("answers from published posts only: a draft's words stay out until it is published", async () => {
    const cookie = await signIn(server.url);
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify(body),
      });
    const data = {
      title: "Cinnamon Export Playbook",
      excerpt: "How Matale cinnamon growers reach Mexican buyers.",
      content: "Body.",
      date: "2026-01-01",
      readTime: "1 min read",
      image: "",
      featured: false,
      placementId: 0,
      status: "draft",
    };
    const created = (await (await send("POST", "/api/posts", { data })).json()) as { id: string };
    const question = { message: "Matale cinnamon growers Mexican buyers" };
    const before = await chat(server, question);
    expect(before.text).not.toContain("Cinnamon Export Playbook");
    expect(before.text).toMatch(/^I'm sorry, I couldn't find an answer/);
    const published = await send("PUT", `/api/posts/${created.id}`, {
      version: 1,
      data: { ...data, status: "published" },
    });
    expect(published.status).toBe(200);
    const after = await chat(server, question);
    expect(after.text).toContain(
      "From our post “Cinnamon Export Playbook”: How Matale cinnamon growers reach Mexican buyers.",
    );
    expect(after.events.at(-2)!.data).toEqual([
      { title: "Cinnamon Export Playbook", url: "/blog/cinnamon-export-playbook" },
    ]);
    await send("DELETE", `/api/posts/${created.id}`, {});
    expect((await chat(server, question)).text).not.toContain("Cinnamon Export Playbook");
  });

  it("points to the contact page when nothing matches", async () => {
    const result = await chat(server, { message: "Quantum chromodynamics lattice gauge" });
    expect(result.events.find((e) => e.event === "sources")).toEqual({ event: "sources", data: [] });
    expect(result.text).toBe(
      `I'm sorry, I couldn't find an answer to that on our site. For anything specific, please get in touch through our Contact Us page or email ${defaultContact.info.email}, and we will reply within 24 hours.`,
    );
  });

  it("still applies the limits", async () => {
    const result = await chat(server, { message: "y".repeat(1001) });
    expect(result.status).toBe(400);
  });
});
