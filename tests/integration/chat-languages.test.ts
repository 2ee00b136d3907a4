import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ChatStreamReader, CHAT_LIMITS } from "#content/chat.ts";
import { contactRateKey } from "#server/contact/submit.ts";
import type { Conversation, ConversationPage } from "#content/conversations.ts";
import { defaultAiSettings, defaultContact } from "#content/defaults.ts";
import { si as siStrings } from "#content/i18n/server/si.ts";
import { si } from "#content/translations/si.ts";
import { ta } from "#content/translations/ta.ts";
import { ANSWER_IN } from "#server/chat/prompt.ts";
import { CHAT_REPLIES } from "#server/chat/replies.ts";
import { startFakeAi, type FakeAi } from "#server/dev/fake-ai.ts";
import { signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";

// The chat in the visitor's language (issue 26 item 4), on SQLite and (./postgres/chat-languages.pg.test.ts)
// PostgreSQL: a question in Sinhala or Tamil, or asked on a /si/ or /ta/ page, is answered from that
// language's pages with sources at their addresses there; with a model, the model is told to answer
// in it; refusals and the lead form's errors are in it; each conversation keeps its language, and the
// owner filters the list by it.

const contactWays = (locale: "si" | "ta") => ({
  email: defaultContact.info.email,
  contactPage: locale === "si" ? "අප අමතන්න" : "தொடர்புகொள்ள",
});

/** One question to the chat, with the events it streamed (as the panel reads them) and its text. */
async function chat(server: TestServer, body: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const raw = await response.text();
  if (!response.headers.get("content-type")?.startsWith("text/event-stream"))
    return { status: response.status, error: (JSON.parse(raw) as { error: string }).error, events: [], text: "" };
  const events = [...new ChatStreamReader().push(raw)];
  const text = events.flatMap((e) => (e.event === "delta" ? [e.data.text] : [])).join("");
  return { status: response.status, error: undefined, events, text };
}

const sourcesOf = (events: Awaited<ReturnType<typeof chat>>["events"]) => {
  const event = events.find((e) => e.event === "sources");
  return event?.event === "sources" ? event.data : undefined;
};
const conversationOf = (events: Awaited<ReturnType<typeof chat>>["events"]) => {
  const event = events.find((e) => e.event === "conversation");
  return event?.event === "conversation" ? event.data.id : undefined;
};

async function saveAiSettings(server: TestServer, cookie: string, data: Partial<typeof defaultAiSettings>) {
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

describe("the chat in Sinhala and Tamil, with no model", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startApiServer();
    cookie = await signIn(server.url);
  });
  afterAll(() => server.close());
  afterEach(async () => {
    await server.deps.chat.perIp.reset("127.0.0.1");
    await server.deps.chat.today.reset();
  });

  const admin = async <T>(path: string) => {
    const response = await fetch(`${server.url}/api/conversations${path}`, { headers: { Cookie: cookie } });
    return { status: response.status, body: (await response.json()) as T };
  };

  it("quotes the Sinhala pages in Sinhala, and links them at their Sinhala addresses", async () => {
    const result = await chat(server, { message: "ඔයාලගේ ඔෆිස් එක තියෙන්නේ කොහෙද?", page: "/si" });
    expect(result.status).toBe(200);
    expect(result.events.map((e) => e.event)).toEqual([
      "conversation",
      ...result.events.filter((e) => e.event === "delta").map(() => "delta"),
      "sources",
      "done",
    ]);
    // The address as the Sinhala page shows it, the joiner of ශ්‍රී kept.
    expect(result.text).toContain(si.documents.contact.info.address);
    expect(result.text).toContain("ශ්\u200Dරී ලංකාව");
    expect(result.text).toMatch(/^මේ ගැන අපගේ වෙබ් අඩවියේ සඳහන් වන්නේ මෙයයි:/);
    expect(result.text).toContain(CHAT_REPLIES.si.found([], contactWays("si")).split("\n\n").at(-1));
    expect(sourcesOf(result.events)).toEqual([{ title: "අප අමතන්න", url: "/si/contact" }]);
  });

  it("quotes the Tamil pages and posts, linked at their Tamil addresses, on any page", async () => {
    const contact = await chat(server, { message: "உங்கள் அலுவலகம் எங்கே இருக்கிறது?", page: "/services" });
    expect(contact.text).toContain(ta.documents.contact.info.address);
    expect(contact.text).toMatch(/^இது பற்றி எமது இணையத்தளத்தில் உள்ளவை இதோ:/);
    expect(sourcesOf(contact.events)).toEqual([{ title: "தொடர்புகொள்ள", url: "/ta/contact" }]);

    const post = await chat(server, { message: "வாரத்துக்கு எத்தனை போஸ்ட் போட வேண்டும்?", page: "/ta/blog" });
    expect(post.text).toContain("மூன்று பயனுள்ள பதிவுகள்");
    expect(post.text).toContain(`எமது "${ta.posts["default-post-4"]!.title}" என்ற கட்டுரையிலிருந்து:`);
    expect(sourcesOf(post.events)).toContainEqual({
      title: ta.posts["default-post-4"]!.title,
      url: "/ta/blog/content-that-sells-without-shouting",
    });
  });

  it("answers a question in Latin letters on a Sinhala page in Sinhala, from the Sinhala pages", async () => {
    const result = await chat(server, { message: "Do you do SEO?", page: "/si/services" });
    expect(result.text).toMatch(/^මේ ගැන අපගේ වෙබ් අඩවියේ සඳහන් වන්නේ මෙයයි:/);
    expect(result.text).toContain("සර්ච් එන්ජින් ප්\u200Dරශස්තකරණය (SEO)");
    expect(sourcesOf(result.events)).toContainEqual({ title: "සේවා", url: "/si/services" });
    // The same question on an English page is English's.
    const english = await chat(server, { message: "Do you do SEO?", page: "/services" });
    expect(english.text).toMatch(/^Here is what I found on our site:/);
    for (const source of sourcesOf(english.events) ?? []) expect(source.url).not.toMatch(/^\/(si|ta)\b/);
  });

  it("says it found nothing, and refuses, in the question's language", async () => {
    const nothing = await chat(server, { message: "ක්වොන්ටම් භෞතික විද්‍යාව ගැන කියන්න", page: "/" });
    expect(nothing.text).toBe(CHAT_REPLIES.si.notFound(contactWays("si")));
    expect(nothing.events.find((e) => e.event === "handoff")?.data).toEqual({ reason: "unanswered" });

    const empty = await chat(server, { message: "   ", page: "/ta/about" });
    expect(empty).toMatchObject({ status: 400, error: CHAT_REPLIES.ta.refusals.empty });
    const long = await chat(server, { message: "අ".repeat(CHAT_LIMITS.message + 1), page: "/" });
    expect(long).toMatchObject({ status: 400, error: CHAT_REPLIES.si.refusals.tooLong });

    await saveAiSettings(server, cookie, { chatDailyLimit: 0 });
    try {
      const off = await chat(server, { message: "உங்கள் முகவரி என்ன?", page: "/" });
      expect(off).toMatchObject({ status: 503, error: CHAT_REPLIES.ta.refusals.off });
    } finally {
      await saveAiSettings(server, cookie, {});
    }
  });

  it("offers the team for a request in Sinhala or Tamil, and says yes in that language", async () => {
    const asked = await chat(server, { message: "මට කෝල් එකක් දෙන්න පුළුවන්ද?", page: "/si" });
    expect(asked.events.find((e) => e.event === "handoff")?.data).toEqual({ reason: "call" });
    const tamil = await chat(server, { message: "மீட்டிங் வைக்கலாமா?", page: "/ta" });
    expect(tamil.events.find((e) => e.event === "handoff")?.data).toEqual({ reason: "meeting" });
    expect(tamil.text).toBe(CHAT_REPLIES.ta.handoff);
  });

  it("words a refused lead in the language of its page, and keeps nothing", async () => {
    await server.deps.limits.publicForms.reset(contactRateKey("127.0.0.1"));
    const before = await server.deps.store.messages.list();
    const response = await fetch(`${server.url}/api/chat/lead`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "", email: "nimal@", note: "", transcript: [], page: "/si/contact" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: siStrings.contactForm.errors.invalid,
      fieldErrors: {
        name: siStrings.contactForm.fieldErrors.name.required,
        email: siStrings.contactForm.fieldErrors.email.invalid,
      },
    });
    expect(await server.deps.store.messages.list()).toEqual(before);
  });

  it("keeps each conversation's language, and lists them by it", async () => {
    const sinhala = conversationOf((await chat(server, { message: "ලිපිනය මොකක්ද?", page: "/si" })).events)!;
    const tamil = conversationOf((await chat(server, { message: "முகவரி என்ன?", page: "/" })).events)!;
    const english = conversationOf((await chat(server, { message: "What is your address?", page: "/" })).events)!;
    const unanswered = conversationOf(
      (await chat(server, { message: "ක්වොන්ටම් භෞතික විද්‍යාව", page: "/si/about" })).events,
    )!;
    // A conversation keeps the language it started in, whatever the next question's.
    await chat(server, { message: "And your phone number?", conversation: sinhala, page: "/contact" });

    expect((await admin<Conversation>(`/${sinhala}`)).body).toMatchObject({ locale: "si", questions: 2 });
    expect((await admin<Conversation>(`/${tamil}`)).body).toMatchObject({ locale: "ta" });
    expect((await admin<Conversation>(`/${english}`)).body).toMatchObject({ locale: "en" });

    const ids = async (query: string) =>
      (await admin<ConversationPage>(query)).body.conversations.map((c) => [c.id, c.locale]);
    const inSinhala = await ids("?locale=si");
    expect(inSinhala).toContainEqual([sinhala, "si"]);
    expect(inSinhala).toContainEqual([unanswered, "si"]);
    expect(inSinhala.every(([, locale]) => locale === "si")).toBe(true);
    const unansweredInSinhala = (await admin<ConversationPage>("?locale=si&filter=unanswered")).body.conversations;
    expect(unansweredInSinhala.map((c) => c.id)).toContain(unanswered);
    expect(unansweredInSinhala.map((c) => c.id)).not.toContain(sinhala);
    for (const c of unansweredInSinhala) expect([c.locale, c.unanswered > 0]).toEqual(["si", true]);
    expect((await ids("?locale=ta")).map(([id]) => id)).toContain(tamil);
    expect((await ids("?locale=en")).map(([id]) => id)).toContain(english);
    expect((await ids("")).map(([id]) => id)).toEqual(expect.arrayContaining([sinhala, tamil, english, unanswered]));

    for (const bad of ["fr", "SI", "", "si,ta"]) {
      const refused = await admin<{ error: string }>(`?locale=${encodeURIComponent(bad)}`);
      expect(refused, bad).toEqual({ status: 400, body: { error: `Unknown language "${bad}": use en, si, ta.` } });
    }
  });
});

describe("the chat in Sinhala and Tamil, with a model (OpenAI-compatible, streamed)", () => {
  let fake: FakeAi;
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    fake = await startFakeAi();
    server = await startApiServer({ OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: "local-test" });
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());
  afterEach(async () => {
    await server.deps.chat.perIp.reset("127.0.0.1");
    await server.deps.chat.today.reset();
  });

  it("tells the model to answer in Sinhala with the Sinhala passages, and streams its answer back", async () => {
    const answer = ["අපගේ කාර්යාලය ", "කොළඹ 03, ගාලු පාරේ ", "පිහිටා තිබෙනවා, ශ්\u200Dරී ලංකාව. [1]"];
    fake.reply({ kind: "text", text: "", chunks: answer });
    const result = await chat(server, { message: "ඔයාලගේ ඔෆිස් එක තියෙන්නේ කොහෙද?", page: "/si/contact" });
    const [request] = fake.requests;
    expect(request!.protocol).toBe("openai");
    expect(request!.prompt).toContain(ANSWER_IN.si);
    expect(request!.prompt).toMatch(/^\[\d\] අප අමතන්න \(\/si\/contact\)/m);
    expect(request!.prompt).toContain(`අපගේ කාර්යාලයේ ලිපිනය: ${si.documents.contact.info.address}.`);
    expect(request!.prompt).not.toContain(defaultContact.info.address);
    // Streamed as it came, the citation taken out, the joiner kept.
    expect(result.events.filter((e) => e.event === "delta").length).toBeGreaterThanOrEqual(2);
    expect(result.text).toBe("අපගේ කාර්යාලය කොළඹ 03, ගාලු පාරේ පිහිටා තිබෙනවා, ශ්\u200Dරී ලංකාව.");
    expect(sourcesOf(result.events)).toEqual([{ title: "අප අමතන්න", url: "/si/contact" }]);
    // Kept as said, in the conversation's language.
    const id = conversationOf(result.events)!;
    const kept = (await (
      await fetch(`${server.url}/api/conversations/${id}`, { headers: { Cookie: cookie } })
    ).json()) as Conversation;
    expect(kept).toMatchObject({ locale: "si" });
    expect(kept.messages.map((m) => m.text)).toEqual(["ඔයාලගේ ඔෆිස් එක තියෙන්නේ කොහෙද?", result.text]);
  });

  it("tells the model to answer in Tamil, even from English passages (the knowledge base)", async () => {
    fake.reply({ kind: "text", text: "திங்கள் முதல் வெள்ளி வரை, காலை 9:00 முதல் மாலை 5:30 வரை." });
    const result = await chat(server, { message: "அலுவலகம் எத்தனை மணி வரை திறந்திருக்கும்?", page: "/ta" });
    const [request] = fake.requests;
    expect(request!.prompt).toContain(ANSWER_IN.ta);
    expect(request!.prompt).toContain("Monday to Friday");
    expect(result.text).toBe("திங்கள் முதல் வெள்ளி வரை, காலை 9:00 முதல் மாலை 5:30 வரை.");
  });

  it("says a failed answer in the question's language", async () => {
    fake.reply({ kind: "status", status: 500 }, { kind: "status", status: 500 }, { kind: "status", status: 500 });
    const result = await chat(server, { message: "ලිපිනය මොකක්ද?", page: "/si" });
    expect(result.events.at(-1)).toEqual({ event: "error", data: { error: CHAT_REPLIES.si.refusals.failed } });
  });
});
