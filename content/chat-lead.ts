/**
 * A lead left in the chat (docs/product.md §2 "Leads from the chat"): the
 * visitor's name, email and optional note from the panel's "Talk to the team"
 * form, the conversation so far, and the page the chat is on. Checked by
 * POST /api/chat/lead (server/chat/), which keeps it as a contact message
 * with the text `leadMessageText` writes. Isomorphic.
 */
import { ASSISTANT_NAME } from "./constants.ts";
import { z } from "./zod.ts";
import {
  CHAT_LEAD_FIELDS,
  CHAT_LEAD_LIMITS,
  HONEYPOT_FIELD,
  type ChatLeadField,
  type ChatLeadFieldErrors,
} from "./contact-fields.ts";
import { contactMessageSchema, visitorText } from "./contact-message.ts";
import { VARIANT_NAMES } from "./landing-pages.ts";
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
  /** The variant the page showed, on a team page with a variant B (issue 42): its lead is counted there. */
  variant: z.enum(VARIANT_NAMES, { error: 'variant must be "A" or "B".' }).optional(),
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

/**
 * The message a lead becomes (docs/product.md §2 "Leads from the chat"): the
 * note first (what the inbox's list shows), then the conversation as the
 * visitor saw it, one line per message, each later line of a message
 * indented under it.
 */
export function leadMessageText(lead: Pick<ChatLead, "note" | "transcript" | "page">): string {
  const lines = lead.transcript
    .filter((turn) => turn.text !== "")
    .map((turn) => `${turn.sender === "user" ? "Visitor" : ASSISTANT_NAME}: ${turn.text.replace(/\n/g, "\n  ")}`);
  return [
    lead.note || "No note.",
    "",
    lines.length > 0
      ? `Conversation in the chat on ${lead.page}:\n${lines.join("\n")}`
      : `Sent from the chat on ${lead.page} before any question was asked.`,
  ].join("\n");
}

/**
 * The page a lead's chat was on, read back from its message: the last line that
 * starts with what `leadMessageText` writes before the conversation (the
 * conversation's own lines start with their sender or are indented; a note
 * written to look like it comes before). Only for leads stored before the page
 * had a column of its own (server/db/migrations/helpers.ts `fillLeadPages`).
 */
export function leadPageOf(message: string): string | undefined {
  const pages = [
    ...message.matchAll(
      /^(?:Conversation in the chat on (\/\S*):|Sent from the chat on (\/\S*) before any question was asked\.)$/gm,
    ),
  ];
  const last = pages.at(-1);
  return last?.[1] ?? last?.[2];
}
