import { chatLeadFieldErrors, chatLeadSchema, leadMessageText, type ChatLead } from "#content/chat-lead.ts";
import { CHAT_LEAD_LIMITS, type ChatLeadField, type ChatLeadFieldErrors } from "#content/contact-fields.ts";
import { format } from "#content/i18n/format.ts";
import { DEFAULT_LOCALE, localeOfPath } from "#content/locales.ts";
import type { MessageKind, SubmitResult } from "#server/contact/submit.ts";
import { numberLabel, serverMessagesFor } from "#content/i18n/dictionaries.ts";

/**
 * A lead left in the chat as a contact message (docs/product.md §2 "Leads
 * from the chat"): no company, the note and the conversation as its text,
 * marked as coming from the chat, no address or user agent. Kept and
 * delivered by the Contact form's path (server/contact/submit.ts).
 */
export const chatLead: MessageKind<ChatLead, ChatLeadFieldErrors> = {
  schema: chatLeadSchema,
  fieldErrors: chatLeadFieldErrors,
  toStored: (lead) => ({
    name: lead.name,
    email: lead.email,
    company: "",
    message: leadMessageText(lead),
    source: "chat",
    page: lead.page,
    variant: lead.variant ?? null,
  }),
  keepsSender: false,
};

/**
 * A refused lead in the language of the page it was sent from (issue 26):
 * the server words the Contact form's refusals in English (server/contact/submit.ts,
 * content/chat-lead.ts), so what is wrong is read again from `input` with the
 * same schema, and worded with the page's strings (the Contact form's for the
 * name and email, the lead form's for the note). A problem no visitor's form
 * can cause (a field that is not text, a broken transcript) keeps the
 * server's words, as does a lead sent from an English page.
 */
export function leadRefusalIn(
  result: Exclude<SubmitResult<ChatLeadFieldErrors>, { ok: true }>,
  input: Record<string, unknown>,
): { formError: string; fieldErrors: ChatLeadFieldErrors } {
  const locale = typeof input["page"] === "string" ? localeOfPath(input["page"]) : DEFAULT_LOCALE;
  if (locale === DEFAULT_LOCALE) return { formError: result.formError, fieldErrors: result.fieldErrors };
  const { errors, fieldErrors: worded } = serverMessagesFor(locale).contactForm;
  if (result.reason !== "invalid")
    return { formError: result.reason === "automated" ? errors.automated : errors.rateLimited, fieldErrors: {} };
  const fields = Object.keys(result.fieldErrors) as ChatLeadField[];
  if (fields.length === 0) return { formError: result.formError, fieldErrors: {} };
  const issues = chatLeadSchema.safeParse(input, { reportInput: true }).error?.issues ?? [];
  const texts: { readonly [F in ChatLeadField]: Partial<Record<"required" | "invalid" | "tooLong", string>> } = {
    name: worded.name,
    email: worded.email,
    note: { tooLong: serverMessagesFor(locale).chatLead.noteTooLong },
  };
  const fieldErrors: ChatLeadFieldErrors = {};
  for (const field of fields) {
    const issue = issues.find((each) => each.path[0] === field);
    const missing = issue?.code === "too_small" || (issue?.code === "invalid_type" && issue.input == null);
    const text =
      issue?.code === "too_big" && texts[field].tooLong
        ? format(texts[field].tooLong, { max: numberLabel(CHAT_LEAD_LIMITS[field], locale) })
        : missing
          ? texts[field].required
          : issue?.code === "invalid_format"
            ? texts[field].invalid
            : undefined;
    fieldErrors[field] = text ?? result.fieldErrors[field];
  }
  return { formError: errors.invalid, fieldErrors };
}
