import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ChatStreamReader } from "#content/chat.ts";
import type { Conversation } from "#content/conversations.ts";
import { defaultAnswers } from "#content/defaults.ts";
import type { AnswersContent } from "#content/schemas.ts";
import { si } from "#content/translations/si.ts";
import { TAUGHT_TITLE } from "#server/chat/answers.ts";
import { startFakeAi, type FakeAi } from "#server/dev/fake-ai.ts";
import { readInsights } from "#server/insights/report.ts";
import { signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";

// Issue 41 item 3: the Answers the team teaches the assistant, on SQLite and
// (./postgres/chat-answers.pg.test.ts) PostgreSQL: saved and translated through their API like any
// document, for staff only; the chat answers from them before the site's passages; the questions
// they answer are counted in Insights, and a question unanswered before an answer was added is
// answered after.

/** One question to the chat: its text and events, as the panel reads them. */
async function ask(server: TestServer, message: string, page = "/") {
  const response = await fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ message, history: [], page }),
  });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const events = [...new ChatStreamReader().push(await response.text())];
  const text = events.flatMap((e) => (e.event === "delta" ? [e.data.text] : [])).join("");
  const sources = events.flatMap((e) => (e.event === "sources" ? [e.data] : []))[0];
  const handoff = events.flatMap((e) => (e.event === "handoff" ? [e.data.reason] : []))[0];
  const conversation = events.flatMap((e) => (e.event === "conversation" ? [e.data.id] : []))[0]!;
  return { text, sources, handoff, conversation };
}

interface Stored {
  version: number;
  data: AnswersContent;
  englishVersion?: number;
}

const NEW_ENTRY = {
  question: "Do you design labels for spice jars?",
  otherWays: ["Can you make spice jar labels?", "Do you do label design?"],
  answer: "Yes: we design labels for spice jars and tea packs, in English, Sinhala and Tamil.",
  placementId: defaultAnswers.answers.length,
};

let server: TestServer;
let cookie: string;

const staff = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", Cookie: cookie, ...init.headers },
  });

async function read(locale?: string): Promise<Stored> {
  const response = await staff(`/api/answers${locale ? `?locale=${locale}` : ""}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Stored;
}

const save = (body: unknown, locale?: string) =>
  staff(`/api/answers${locale ? `?locale=${locale}` : ""}`, { method: "PUT", body: JSON.stringify(body) });

describe("the Answers, with no model", () => {
  beforeAll(async () => {
    server = await startApiServer();
    cookie = await signIn(server.url);
  });
  afterAll(() => server.close());
  afterEach(async () => {
    await server.deps.chat.perIp.reset("127.0.0.1");
    await server.deps.chat.today.reset();
  });

  it("are no public content: visitors get no address of them, staff read the built-in ones", async () => {
    expect((await fetch(`${server.url}/api/content/answers`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/answers`)).status).toBe(401);
    const english = await read();
    expect(english).toMatchObject({ version: 0, data: defaultAnswers });
    expect((await read("si")).data).toEqual(si.documents.answers);
  });

  it("answer a question close to one of them as written, with no source link", async () => {
    const answer = await ask(server, "Do you have monthly packages?");
    expect(answer.text).toBe(defaultAnswers.answers[0]!.answer);
    expect(answer.sources).toEqual([]);
    expect(answer.handoff).toBeUndefined();
  });

  it("answer a Sinhala question from the Sinhala entry", async () => {
    const answer = await ask(server, "ඔයාලා මාසික පැකේජ දෙනවද?");
    expect(answer.text).toBe(si.documents.answers.answers[0]!.answer);
  });

  it("refuse a bad save with a 400 naming the field, and store nothing", async () => {
    const before = await read();
    const empty = { ...NEW_ENTRY, answer: "  " };
    const response = await save({ version: before.version, data: { answers: [empty] } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("Write the answer the assistant should give.");
    expect(await read()).toEqual(before);
  });

  it("make an unanswered question answered once the team adds its answer, and Insights count it", async () => {
    const question = "Can you make labels for my spice jars?";
    const first = await ask(server, question, "/services");
    expect(first.handoff).toBe("unanswered");

    const current = await read();
    const saved = await save({ version: current.version, data: { answers: [...current.data.answers, NEW_ENTRY] } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Stored).data.answers.at(-1)).toEqual(NEW_ENTRY);

    const second = await ask(server, question, "/services");
    expect(second.text).toBe(NEW_ENTRY.answer);
    expect(second.handoff).toBeUndefined();

    // Kept for staff: the first question unanswered, the second from the Answers.
    const transcript = (id: string) => staff(`/api/conversations/${id}`).then((r) => r.json() as Promise<Conversation>);
    expect((await transcript(first.conversation)).messages[0]).toMatchObject({ answered: false });
    expect((await transcript(second.conversation)).messages[0]).toMatchObject({ answered: true, fromAnswers: true });

    const { extras } = await readInsights(server.deps, 7);
    // Every question so far in this file's conversations: the three answered from the Answers, one not.
    expect(extras).toMatchObject({ unansweredQuestions: 1, answeredFromAnswers: 3 });
  });

  it("translate an entry into Sinhala through the same API, and answer Sinhala visitors from it", async () => {
    const english = await read();
    const sinhala = await read("si");
    const index = english.data.answers.findIndex((entry) => entry.question === NEW_ENTRY.question);
    expect(index).toBeGreaterThan(-1);
    // Untranslated, the new entry reads in English in Sinhala.
    expect(sinhala.data.answers[index]).toEqual(NEW_ENTRY);
    const translated = {
      ...NEW_ENTRY,
      question: "කුළුබඩු භාජන සඳහා ලේබල් නිර්මාණය කරනවාද?",
      otherWays: ["කුළුබඩු බෝතල්වලට ලේබල් හදලා දෙනවද?", "ලේබල් ඩිසයින් කරනවාද?"],
      answer: "ඔව්: කුළුබඩු භාජන සහ තේ පැකට් සඳහා ඉංග්‍රීසි, සිංහල සහ දෙමළ භාෂාවලින් ලේබල් අපි නිර්මාණය කරමු.",
    };
    const answers = sinhala.data.answers.map((entry, i) => (i === index ? translated : entry));
    const saved = await save({ version: sinhala.version, englishVersion: english.version, data: { answers } }, "si");
    expect(saved.status).toBe(200);
    expect((await read("si")).data.answers[index]).toEqual(translated);
    // English is as it was.
    expect((await read()).data).toEqual(english.data);

    const answer = await ask(server, "කුළුබඩු බෝතල්වලට ලේබල් හදනවද?");
    expect(answer.text).toBe(translated.answer);
    expect(answer.text).toContain("ඉංග්\u200Dරීසි");
  });

  it("leave questions no entry is about to the site, and unrelated ones unanswered", async () => {
    const services = await ask(server, "What is your phone number?");
    expect(services.text).not.toContain(defaultAnswers.answers[0]!.answer);
    expect(services.sources?.length).toBeGreaterThan(0);
    const cars = await ask(server, "Do you sell cars?");
    expect(cars.handoff).toBe("unanswered");
  });
});

describe("the Answers, with a model", () => {
  let fake: FakeAi;
  let withModel: TestServer;
  beforeAll(async () => {
    fake = await startFakeAi();
    withModel = await startApiServer({
      GEMINI_API_KEY: "test-key",
      GEMINI_BASE_URL: fake.url,
      GEMINI_MODEL: "gemini-test",
    });
  });
  afterAll(async () => {
    await withModel.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it("give the model the team's answer as its first, authoritative passage, and list no source for it", async () => {
    fake.reply({ kind: "text", text: "Yes, we have monthly retainers [1]." });
    const answer = await ask(withModel, "Do you have monthly packages?");
    expect(answer.text).toBe("Yes, we have monthly retainers.");
    const { prompt } = fake.requests[0]!;
    expect(prompt).toContain(
      `[1] ${TAUGHT_TITLE} — ${defaultAnswers.answers[0]!.question}\n${defaultAnswers.answers[0]!.answer}`,
    );
    expect(answer.sources).toEqual([]);
    const { extras } = await readInsights(withModel.deps, 7);
    expect(extras.answeredFromAnswers).toBe(1);
  });
});
