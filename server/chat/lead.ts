import { chatLeadFieldErrors, chatLeadSchema, type ChatLead } from "#content/chat-lead.ts";
import type { ChatLeadFieldErrors } from "#content/contact-fields.ts";
import { ASSISTANT_NAME } from "#content/constants.ts";
import type { MessageKind } from "./submit.ts";

/**
 * The message a lead left in the chat becomes (docs/product.md §2 "Leads from
 * the chat"): the note first (what the inbox's list shows), then the
 * conversation as the visitor saw it, one line per message, each later line
 * of a message indented under it.
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
 * had a column of its own (./message-store.ts `fillLeadPages`).
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

/** A chat lead as a contact message: no company, marked as coming from the chat, no address or user agent. */
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
  }),
  keepsSender: false,
};
