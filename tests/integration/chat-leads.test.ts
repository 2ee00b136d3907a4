import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHAT_LEAD_LIMITS, HONEYPOT_FIELD } from "#content/contact-fields.ts";
import { defaultContact } from "#content/defaults.ts";
import { CONTACT_MESSAGES, contactRateKey, submitContactMessage } from "#server/contact/submit.ts";
import { MAX_LEAD_BODY_BYTES } from "#server/chat/routes.ts";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp.ts";
import { startTestServer, type TestServer } from "../helpers/api-server.ts";

// A lead left in the chat (POST /api/chat/lead) becomes a contact message, and the chat says when to offer it.

let smtp: FakeSmtp;
let server: TestServer;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({
    env: { SMTP_URL: smtp.url, CONTACT_TO: "inbox@lankagrowth.example" },
    // A refused mail is tried again a second later, within the test.
    outbox: { intervalMs: 50, retrySchedule: [1_000, 1_000] },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
beforeEach(async () => {
  // This client is 127.0.0.1 (no proxy is trusted): its quota is shared with the Contact form.
  await server.deps.limits.publicForms.reset(contactRateKey("127.0.0.1"));
  await server.deps.chat.perIp.reset("127.0.0.1");
});

const lead = {
  name: "Nimal Perera",
  email: "nimal@example.lk",
  note: "Please call me after 3 pm.\nWe export tea.",
  transcript: [
    { sender: "user", text: "Can I speak to a human?" },
    { sender: "ai", text: "Of course.\nLeave your name and email below." },
  ],
  page: "/services",
  [HONEYPOT_FIELD]: "",
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/chat/lead`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const stored = () => server.deps.store.messages.list();

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("POST /api/chat/lead", () => {
  it("stores the lead as a contact message from the chat, with the note and the transcript, then e-mails it", async () => {
    const before = (await stored()).length;
    const response = await post(lead, { Origin: server.url });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });

    const rows = await stored();
    expect(rows).toHaveLength(before + 1);
    // Like the chat itself, a lead keeps no address or user agent.
    expect(rows[0]).toMatchObject({
      name: "Nimal Perera",
      email: "nimal@example.lk",
      company: "",
      source: "chat",
      page: "/services",
      ip: null,
      userAgent: null,
    });
    expect(rows[0]!.message).toBe(
      [
        "Please call me after 3 pm.",
        "We export tea.",
        "",
        "Conversation in the chat on /services:",
        "Visitor: Can I speak to a human?",
        "Lanka Growth Assistant: Of course.",
        "  Leave your name and email below.",
      ].join("\n"),
    );

    const mails = await smtp.waitFor(1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe("New lead from the chat assistant");
    expect(mail.replyTo).toBe("Nimal Perera <nimal@example.lk>");
    expect(mail.text).toContain("Visitor: Can I speak to a human?\nLanka Growth Assistant: Of course.");
    expect(mail.text).toContain("Please call me after 3 pm.");
  });

  it("keeps a lead whose e-mail is refused, and says why in its delivery", async () => {
    smtp.refuse(1);
    const response = await post({ ...lead, name: "Kamala Silva", note: "" });
    expect(response.status).toBe(201);
    const [message] = await stored();
    expect(message).toMatchObject({ name: "Kamala Silva", source: "chat" });
    expect(message!.message.split("\n")[0]).toBe("No note.");
    const [delivery] = await until(
      () => server.deps.store.outbox.forMessages([message!.id]),
      (list) => list[0]?.lastError != null,
    );
    expect(delivery).toMatchObject({ channel: "email", status: "pending", attempts: 1 });
    expect(delivery!.lastError).toMatch(/451/);
    expect((await stored())[0]!.id).toBe(message!.id);
  });

  it("keeps a lead whose page holds a NUL, at the page as both databases store it, and nothing else", async () => {
    const {
      contact_messages: messagesBefore,
      deliveries: _,
      ...before
    } = (await server.deps.store.backup.dump()).tables;
    const response = await post({ ...lead, name: "Page Nul", page: "/a\u0000b" });
    expect(response.status, await response.clone().text()).toBe(201);
    const [message] = await stored();
    expect(message).toMatchObject({ name: "Page Nul", source: "chat" });
    expect(message!.message).toContain("\nConversation in the chat on /ab:\n");
    const {
      contact_messages: messagesAfter,
      deliveries: __,
      ...after
    } = (await server.deps.store.backup.dump()).tables;
    expect(messagesAfter).toEqual([...messagesBefore!, expect.objectContaining({ id: message!.id, name: "Page Nul" })]);
    expect(after).toEqual(before);
  });

  it("keeps a name on one line, in the inbox and in the e-mail, so that it forges no line there", async () => {
    const response = await post({
      ...lead,
      name: "Eve\r\nBcc: victim@example.com\r\nX-Injected: 1",
      email: "eve@example.com",
    });
    expect(response.status).toBe(201);
    const [message] = await stored();
    expect(message).toMatchObject({ name: "Eve Bcc: victim@example.com X-Injected: 1", email: "eve@example.com" });
    const mail = await until(
      async () => smtp.mails.find((received) => received.replyTo.includes("eve@example.com")),
      (found) => found !== undefined,
    );
    const lines = mail!.text.split("\n");
    expect(lines.filter((line) => /^(Bcc|X-Injected):/i.test(line))).toEqual([]);
    expect(lines.slice(0, 2)).toEqual(["Name: Eve Bcc: victim@example.com X-Injected: 1", "Email: eve@example.com"]);
    expect(Object.keys(mail!.headers)).not.toContain("bcc");
    expect(Object.keys(mail!.headers)).not.toContain("x-injected");
    expect(mail!.to).toEqual(["inbox@lankagrowth.example"]);
  });

  it("says so when the visitor wrote before asking anything", async () => {
    expect((await post({ ...lead, transcript: [] })).status).toBe(201);
    expect((await stored())[0]!.message).toBe(
      "Please call me after 3 pm.\nWe export tea.\n\nSent from the chat on /services before any question was asked.",
    );
  });

  it("turns away a filled honeypot and stores nothing", async () => {
    const before = await stored();
    const response = await post({ ...lead, [HONEYPOT_FIELD]: "https://spam.example" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: CONTACT_MESSAGES.automated, fieldErrors: {} });
    expect(await stored()).toEqual(before);
  });

  it("shares the Contact form's limit of 5 in 15 minutes per address, then answers 429 and stores nothing", async () => {
    const before = (await stored()).length;
    for (let i = 0; i < 3; i += 1) expect((await post(lead)).status).toBe(201);
    for (let i = 0; i < 2; i += 1) {
      const form = await submitContactMessage(
        server.deps,
        { name: "Nimal", email: "nimal@example.lk", message: "Hello" },
        { ip: "127.0.0.1", userAgent: null },
      );
      expect(form.ok).toBe(true);
    }
    const afterFive = await stored();
    expect(afterFive).toHaveLength(before + 5);

    const sixth = await post(lead);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sixth.json()).toEqual({ error: CONTACT_MESSAGES.rateLimited, fieldErrors: {} });
    expect(await stored()).toEqual(afterFive);
  });

  it("keeps the variant of the team page the chat was on, counted in that page's results", async () => {
    expect((await post({ ...lead, page: "/offers/smes", variant: "B" })).status).toBe(201);
    expect((await post({ ...lead, name: "Kamala Silva", page: "/services" })).status).toBe(201);
    const [services, offer] = await stored();
    expect(offer).toMatchObject({ name: "Nimal Perera", page: "/offers/smes", variant: "B" });
    expect(services).toMatchObject({ name: "Kamala Silva", page: "/services", variant: null });
  });

  it("does not count refused leads towards the limit", async () => {
    for (let i = 0; i < 6; i += 1) expect((await post({ ...lead, email: "nope" })).status).toBe(400);
    expect((await post(lead)).status).toBe(201);
  });

  it.each([
    [
      "a missing name and a bad email, named beside their fields",
      { ...lead, name: "  ", email: "not-an-email" },
      {
        error: "Please check the highlighted fields.",
        fieldErrors: {
          name: "Please enter your name.",
          email: "Please enter a valid email address, like name@example.com.",
        },
      },
    ],
    [
      "an over-long note",
      { ...lead, note: "n".repeat(CHAT_LEAD_LIMITS.note + 1) },
      {
        error: "Please check the highlighted fields.",
        fieldErrors: { note: "Note is too long: keep it under 2,000 characters." },
      },
    ],
    [
      "too many transcript messages",
      {
        ...lead,
        transcript: Array.from({ length: CHAT_LEAD_LIMITS.transcriptMessages + 1 }, () => ({
          sender: "user",
          text: "hi",
        })),
      },
      { error: "transcript: The transcript holds at most 30 messages.", fieldErrors: {} },
    ],
    [
      "an over-long transcript message",
      { ...lead, transcript: [{ sender: "ai", text: "x".repeat(CHAT_LEAD_LIMITS.transcriptText + 1) }] },
      { error: "transcript.0.text: Each message of the transcript is at most 2,000 characters.", fieldErrors: {} },
    ],
    [
      "an unknown sender",
      { ...lead, transcript: [{ sender: "bot", text: "hi" }] },
      { error: 'transcript.0.sender: sender must be "user" or "ai".', fieldErrors: {} },
    ],
    [
      "a page that is not a path",
      { ...lead, page: "https://evil.example/" },
      { error: "page: page must be a path such as /services.", fieldErrors: {} },
    ],
    ["an unknown field", { ...lead, company: "Acme" }, { error: "Unknown field: company", fieldErrors: {} }],
    [
      "a variant that is not one of a team page's",
      { ...lead, page: "/offers/smes", variant: "C" },
      { error: 'variant: variant must be "A" or "B".', fieldErrors: {} },
    ],
    [
      "no transcript",
      { ...lead, transcript: undefined },
      { error: "transcript: transcript must be a list of messages.", fieldErrors: {} },
    ],
  ])("answers 400 to %s and stores nothing", async (_name, body, answer) => {
    const before = await stored();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(answer);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ["a body that is not JSON", "name=Nimal", { "Content-Type": "application/x-www-form-urlencoded" }, 415],
    ["broken JSON", "{", {}, 400],
    ["a list", "[]", {}, 400],
  ])("answers %s without storing anything", async (_name, body, headers, status) => {
    const before = await stored();
    expect((await post(body, headers)).status).toBe(status);
    expect(await stored()).toEqual(before);
  });

  it("refuses a post from another site (403) and stores nothing", async () => {
    const before = await stored();
    const response = await post(lead, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "This request came from another site and was refused." });
    expect(await stored()).toEqual(before);
  });

  it("refuses a body over its limit (413) and stores nothing", async () => {
    const before = await stored();
    const response = await post({ ...lead, note: "x".repeat(MAX_LEAD_BODY_BYTES) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: "Your message is too long to send. Please shorten it and try again.",
    });
    expect(await stored()).toEqual(before);
  });

  it("accepts the largest lead the panel sends, in any script", async () => {
    const text = "ශ්‍රී ලංකා ".repeat(200).slice(0, CHAT_LEAD_LIMITS.transcriptText);
    const transcript = Array.from({ length: CHAT_LEAD_LIMITS.transcriptMessages }, (_, i) => ({
      sender: i % 2 ? "ai" : "user",
      text,
    }));
    const response = await post({ ...lead, note: text, transcript });
    expect(response.status).toBe(201);
  });
});

describe("the chat's hand-off offer (no model)", () => {
  async function ask(message: string) {
    const response = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message, history: [] }),
    });
    const events = (await response.text())
      .split("\n\n")
      .filter(Boolean)
      .map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null") as unknown,
      }));
    const text = events
      .filter((e) => e.event === "delta")
      .map((e) => (e.data as { text: string }).text)
      .join("");
    return { events, text };
  }

  it("answers 'Can I speak to a human?' with the ways to reach one, then tells the panel to offer the team", async () => {
    const { events, text } = await ask("Can I speak to a human?");
    expect(text).toContain(defaultContact.info.phone);
    expect(events.map((e) => e.event).filter((e) => e !== "delta")).toEqual([
      "conversation",
      "sources",
      "handoff",
      "done",
    ]);
    expect(events.find((e) => e.event === "handoff")!.data).toEqual({ reason: "person" });
  });

  it("offers the team after an answer to a quote request, and when the site has no answer", async () => {
    const quote = await ask("Can I get a quote for a new website?");
    expect(quote.events.find((e) => e.event === "handoff")?.data).toEqual({ reason: "quote" });
    const unknown = await ask("Do you repair bicycles?");
    expect(unknown.text).toMatch(/^I'm sorry, I couldn't find an answer/);
    expect(unknown.events.find((e) => e.event === "handoff")?.data).toEqual({ reason: "unanswered" });
  });

  it("does not offer it after an ordinary answer", async () => {
    const { events, text } = await ask("What services do you offer?");
    expect(text).toContain("Brand strategy");
    expect(events.map((e) => e.event)).not.toContain("handoff");
  });
});
