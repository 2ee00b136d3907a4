/**
 * A lead left in the chat (docs/product.md §2 "Leads from the chat"): the
 * visitor's name, email and optional note from the panel's "Talk to the team"
 * form, the conversation so far, and the page the chat is on. Checked by
 * POST /api/chat/lead, which keeps it as a contact message. Isomorphic.
 */
import { z } from "./zod.ts";
import {
  CHAT_LEAD_FIELDS,
  CHAT_LEAD_LIMITS,
  HONEYPOT_FIELD,
  type ChatLeadField,
  type ChatLeadFieldErrors,
} from "./contact-fields.ts";
import { contactMessageSchema, visitorText } from "./contact-message.ts";
import { pagePath } from "./page-path.ts";
import { storableText } from "./storable-text.ts";

const count = (n: number) => n.toLocaleString("en-US");

export const chatLeadSchema = z.strictObject({
  // The Contact form's own fields and messages.
  name: contactMessageSchema.shape.name,
  email: contactMessageSchema.shape.email,
  note: visitorText("Note", CHAT_LEAD_LIMITS.note, false).default(""),
  transcript: z
    .array(
      z.strictObject({
        sender: z.enum(["user", "ai"], { error: 'sender must be "user" or "ai".' }),
        text: z
          .string({ error: "text must be text." })
          .overwrite(storableText)
          .trim()
          .max(
            CHAT_LEAD_LIMITS.transcriptText,
            `Each message of the transcript is at most ${count(CHAT_LEAD_LIMITS.transcriptText)} characters.`,
          ),
      }),
      { error: "transcript must be a list of messages." },
    )
    .max(
      CHAT_LEAD_LIMITS.transcriptMessages,
      `The transcript holds at most ${CHAT_LEAD_LIMITS.transcriptMessages} messages.`,
    ),
  page: pagePath(CHAT_LEAD_LIMITS.page),
  /** The honeypot: checked before this schema; present (empty) when the panel's hidden field is sent. */
  [HONEYPOT_FIELD]: z.string().optional(),
});

export type ChatLead = z.infer<typeof chatLeadSchema>;

/** The first error of each field the visitor typed, for showing beside the fields. */
export function chatLeadFieldErrors(error: z.ZodError): ChatLeadFieldErrors {
  const errors: ChatLeadFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (CHAT_LEAD_FIELDS as readonly string[]).includes(field)) {
      errors[field as ChatLeadField] ??= issue.message;
    }
  }
  return errors;
}
