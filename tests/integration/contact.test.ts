import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_LIMITS, HONEYPOT_FIELD } from "#content/contact-message.ts";
import { CONTACT_MESSAGES, contactRateKey, submitContactMessage } from "#server/contact/submit.ts";
import { signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const meta = (ip = "203.0.113.7") => ({ ip, userAgent: "Mozilla/5.0 (integration test)" });
const valid = {
  name: "Nimal Perera",
  email: "nimal@example.lk",
  company: "Kandy Spice Co.",
  message: "We would like help launching our new tea range in Colombo.",
  [HONEYPOT_FIELD]: "",
};
const stored = () => server.deps.store.messages.list();

beforeEach(async () => {
  for (const ip of ["203.0.113.7", "203.0.113.8", "203.0.113.9", "198.51.100.1"])
    await server.deps.limits.publicForms.reset(contactRateKey(ip));
});

describe("submitContactMessage", () => {
  it("keeps the language a message was sent in, shown in the inbox", async () => {
    const sinhala = { ...valid, message: "ශ්\u200Dරී ලංකාවේ අපගේ තේ වෙළඳ නාමය ගැන කතා කරමු." };
    expect((await submitContactMessage(server.deps, sinhala, { ...meta("198.51.100.1"), locale: "si" })).ok).toBe(true);
    const [newest] = await stored();
    expect(newest).toMatchObject({ page: "/si/contact", message: sinhala.message });
    const cookie = await signIn(server.url);
    const inbox = await fetch(`${server.url}/api/messages`, { headers: { Cookie: cookie } });
    const { messages } = (await inbox.json()) as { messages: { id: number; locale: string; message: string }[] };
    expect(messages.find((message) => message.id === newest!.id)).toMatchObject({
      locale: "si",
      message: sinhala.message,
    });
    expect(messages.filter((message) => message.id !== newest!.id).every((message) => message.locale === "en")).toBe(
      true,
    );
  });

  it("stores the message with every field, then answers ok", async () => {
    const before = (await stored()).length;
    const result = await submitContactMessage(server.deps, { ...valid, name: "  Nimal Perera  " }, meta());
    expect(result.ok).toBe(true);
    const rows = await stored();
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({
      name: "Nimal Perera",
      email: "nimal@example.lk",
      company: "Kandy Spice Co.",
      message: "We would like help launching our new tea range in Colombo.",
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 (integration test)",
      readAt: null,
    });
    expect(Date.parse(rows[0]!.createdAt)).not.toBeNaN();
    if (result.ok) expect(result.message.id).toBe(rows[0]!.id);
  });

  it("stores a message without a company as an empty company", async () => {
    const { company: _company, ...withoutCompany } = valid;
    const result = await submitContactMessage(server.deps, withoutCompany, meta());
    expect(result.ok).toBe(true);
    expect((await stored())[0]!.company).toBe("");
  });

  it("turns away a filled honeypot with a message for people and stores nothing", async () => {
    const before = await stored();
    const result = await submitContactMessage(
      server.deps,
      { ...valid, [HONEYPOT_FIELD]: "https://spam.example" },
      meta(),
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      reason: "automated",
      formError: CONTACT_MESSAGES.automated,
    });
    expect(await stored()).toEqual(before);
  });

  it("refuses the 6th message from one address in 15 minutes and stores nothing more", async () => {
    const before = (await stored()).length;
    for (let i = 1; i <= 5; i++) {
      const result = await submitContactMessage(
        server.deps,
        { ...valid, message: `Message number ${i}` },
        meta("198.51.100.1"),
      );
      expect(result.ok, `message ${i}`).toBe(true);
    }
    const afterFive = await stored();
    expect(afterFive).toHaveLength(before + 5);

    const sixth = await submitContactMessage(
      server.deps,
      { ...valid, message: "Message number 6" },
      meta("198.51.100.1"),
    );
    expect(sixth).toMatchObject({
      ok: false,
      status: 429,
      reason: "rate-limited",
      formError:
        "You have sent several messages in a short time. Please wait a few minutes and try again, or email us directly.",
    });
    if (!sixth.ok && sixth.reason === "rate-limited") expect(sixth.retryAfterSeconds).toBeGreaterThan(0);
    expect(await stored()).toEqual(afterFive);

    // Another address is not affected.
    expect((await submitContactMessage(server.deps, valid, meta("203.0.113.9"))).ok).toBe(true);
  });

  it.each([
    ["name", "n".repeat(CONTACT_MESSAGE_LIMITS.name + 1), "Name is too long: keep it under 200 characters."],
    [
      "email",
      `${"e".repeat(CONTACT_MESSAGE_LIMITS.email)}@example.lk`,
      "Email address is too long: keep it under 320 characters.",
    ],
    ["company", "c".repeat(CONTACT_MESSAGE_LIMITS.company + 1), "Company is too long: keep it under 200 characters."],
    ["message", "m".repeat(CONTACT_MESSAGE_LIMITS.message + 1), "Message is too long: keep it under 5,000 characters."],
  ])("refuses an over-long %s with a clear error and stores nothing", async (field, value, error) => {
    const before = await stored();
    const result = await submitContactMessage(server.deps, { ...valid, [field]: value }, meta("203.0.113.8"));
    expect(result).toMatchObject({ ok: false, status: 400, reason: "invalid", fieldErrors: { [field]: error } });
    expect(await stored()).toEqual(before);
  });

  it("refuses missing, blank, malformed and non-text fields, naming each", async () => {
    const before = await stored();
    const result = await submitContactMessage(
      server.deps,
      { name: "   ", email: "not-an-email", company: 42, [HONEYPOT_FIELD]: "" },
      meta("203.0.113.8"),
    );
    expect(result).toMatchObject({
      ok: false,
      reason: "invalid",
      formError: "Please check the highlighted fields.",
      fieldErrors: {
        name: "Please enter your name.",
        email: "Please enter a valid email address, like name@example.com.",
        company: "Company must be text.",
        message: "Please enter your message.",
      },
    });
    expect(await stored()).toEqual(before);
  });

  it("does not count invalid messages towards the limit", async () => {
    for (let i = 0; i < 6; i++)
      await submitContactMessage(server.deps, { ...valid, email: "nope" }, meta("203.0.113.8"));
    expect((await submitContactMessage(server.deps, valid, meta("203.0.113.8"))).ok).toBe(true);
  });
});
