import { describe, expect, it } from "vitest";
import { chatLeadFieldErrors, chatLeadSchema } from "#content/chat-lead.ts";
import { CHAT_LEAD_LIMITS } from "#content/contact-fields.ts";
import { en } from "#content/i18n/server/en.ts";
import { si } from "#content/i18n/server/si.ts";
import { ta } from "#content/i18n/server/ta.ts";
import { CONTACT_MESSAGES } from "#server/contact/submit.ts";
import { leadRefusalIn } from "./lead.ts";

/** The refusal server/contact/submit.ts gives `input`, in English. */
function refused(input: Record<string, unknown>) {
  const parsed = chatLeadSchema.safeParse(input);
  if (parsed.success) throw new Error("the lead is valid");
  return {
    ok: false as const,
    status: 400 as const,
    reason: "invalid" as const,
    formError: CONTACT_MESSAGES.invalid,
    fieldErrors: chatLeadFieldErrors(parsed.error),
  };
}

const lead = { name: "Nimal", email: "nimal@example.lk", note: "", transcript: [], page: "/si/services" };

describe("a refused chat lead in the language of its page", () => {
  it("words each field's problem with the page's strings", () => {
    const input = { ...lead, name: "", email: "not an email", note: "x".repeat(CHAT_LEAD_LIMITS.note + 1) };
    expect(leadRefusalIn(refused(input), input)).toEqual({
      formError: si.contactForm.errors.invalid,
      fieldErrors: {
        name: si.contactForm.fieldErrors.name.required,
        email: si.contactForm.fieldErrors.email.invalid,
        note: si.chatLead.noteTooLong.replace("{max}", "2,000"),
      },
    });
    const tamil = { ...input, page: "/ta" };
    expect(leadRefusalIn(refused(tamil), tamil).fieldErrors.name).toBe(ta.contactForm.fieldErrors.name.required);
  });

  it("keeps the server's English on an English page, where it already says the same", () => {
    const input = { ...lead, page: "/services", email: "" };
    const result = refused(input);
    expect(leadRefusalIn(result, input)).toEqual({ formError: result.formError, fieldErrors: result.fieldErrors });
    expect(result.fieldErrors.email).toBe(en.contactForm.fieldErrors.email.required);
  });

  it("words a refusal of the whole form by its reason, and keeps a broken client's own words", () => {
    const base = { ok: false as const, status: 400 as const, fieldErrors: {} };
    expect(leadRefusalIn({ ...base, reason: "automated", formError: "x" }, lead).formError).toBe(
      si.contactForm.errors.automated,
    );
    const limited = {
      ...base,
      status: 429 as const,
      reason: "rate-limited" as const,
      formError: "x",
      retryAfterSeconds: 9,
    };
    expect(leadRefusalIn(limited, { ...lead, page: "/ta/about" }).formError).toBe(ta.contactForm.errors.rateLimited);
    const broken = { ...lead, transcript: "not a list" };
    const result = refused(broken);
    expect(leadRefusalIn(result, broken)).toEqual({ formError: result.formError, fieldErrors: {} });
    // A page that is no text is no language's: the server's words.
    const noPage = { ...lead, page: 7, name: "" };
    expect(leadRefusalIn(refused(noPage), noPage).fieldErrors.name).toBe(en.contactForm.fieldErrors.name.required);
  });
});
