import { describe, expect, it } from "vitest";
import { contactFieldErrors, contactMessageSchema } from "#content/contact-message.ts";
import { en } from "#content/i18n/server/en.ts";
import { si } from "#content/i18n/server/si.ts";
import { CONTACT_MESSAGES, type SubmitContactResult } from "#server/contact/submit.ts";
import { refusalIn, sentFrom } from "./contact.server.ts";

type Refusal = Exclude<SubmitContactResult, { ok: true }>;

/** The refusal the server gives for `input` when it fails the schema (server/contact/submit.ts). */
function invalid(input: Record<string, unknown>): Refusal {
  const error = contactMessageSchema.safeParse(input).error!;
  return {
    ok: false,
    status: 400,
    reason: "invalid",
    formError: CONTACT_MESSAGES.invalid,
    fieldErrors: contactFieldErrors(error),
  };
}

const typed = { name: "", email: "nope", company: "x".repeat(201), message: "x".repeat(5_001) };

describe("refusalIn", () => {
  it("is the server's English refusal, word for word, on an English page", () => {
    const result = invalid(typed);
    expect(refusalIn(result, typed, "en")).toEqual({ formError: result.formError, fieldErrors: result.fieldErrors });
    expect(CONTACT_MESSAGES).toEqual({
      rateLimited: en.contactForm.errors.rateLimited,
      automated: en.contactForm.errors.automated,
      invalid: en.contactForm.errors.invalid,
    });
  });

  it("words each field's error, and the form's line, in the page's language", () => {
    const { errors, fieldErrors } = si.contactForm;
    expect(refusalIn(invalid(typed), typed, "si")).toEqual({
      formError: errors.invalid,
      fieldErrors: {
        name: fieldErrors.name.required,
        email: fieldErrors.email.invalid,
        company: "ආයතනයේ නම දිග වැඩියි: අකුරු 200කට අඩුවෙන් තබන්න.",
        message: "පණිවිඩය දිග වැඩියි: අකුරු 5,000කට අඩුවෙන් තබන්න.",
      },
    });
  });

  it("words a refusal of the whole message by its reason", () => {
    const base = { ok: false, status: 400, formError: "English", fieldErrors: {} } as const;
    expect(refusalIn({ ...base, reason: "automated" }, {}, "si").formError).toBe(si.contactForm.errors.automated);
    expect(refusalIn({ ...base, status: 429, reason: "rate-limited", retryAfterSeconds: 60 }, {}, "si").formError).toBe(
      si.contactForm.errors.rateLimited,
    );
  });

  it("asks for a required field the form left out", () => {
    const input = { email: "a@b.lk" };
    expect(refusalIn(invalid(input), input, "si").fieldErrors).toEqual({
      name: si.contactForm.fieldErrors.name.required,
      message: si.contactForm.fieldErrors.message.required,
    });
    expect(refusalIn(invalid(input), input, "en").fieldErrors).toEqual(invalid(input).fieldErrors);
  });

  it("keeps the server's words for what no visitor's form sends", () => {
    const input = { name: 5, email: "a@b.lk", message: "Hi" };
    const result = invalid(input);
    expect(refusalIn(result, input, "si").fieldErrors.name).toBe(result.fieldErrors.name);
    const noField: Refusal = {
      ok: false,
      status: 400,
      reason: "invalid",
      formError: "history is too long.",
      fieldErrors: {},
    };
    expect(refusalIn(noField, {}, "si")).toEqual({ formError: "history is too long.", fieldErrors: {} });
  });
});

describe("sentFrom", () => {
  it("keeps a team page's address and the variant it showed", () => {
    expect(sentFrom({ from_page: "/offers/colombo-smes", from_variant: "B" })).toEqual({
      page: "/offers/colombo-smes",
      variant: "B",
    });
    expect(sentFrom({ from_page: "/si/offers" })).toEqual({ page: "/si/offers" });
  });

  it("leaves out anything else a visitor may send: the message is then the Contact page's", () => {
    for (const input of [
      {},
      { from_page: "/about", from_variant: "B" },
      { from_page: "/Offers" },
      { from_page: "https://elsewhere.example/offers" },
      { from_page: "/a/b/c/d" },
      { from_page: ["/offers"] },
    ])
      expect(sentFrom(input)).toEqual({});
    expect(sentFrom({ from_page: "/offers", from_variant: "C" })).toEqual({ page: "/offers" });
  });
});
