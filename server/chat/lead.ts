import { chatLeadFieldErrors, chatLeadSchema, leadMessageText, type ChatLead } from "#content/chat-lead.ts";
import type { ChatLeadFieldErrors } from "#content/contact-fields.ts";
import type { MessageKind } from "#server/contact/submit.ts";

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
  }),
  keepsSender: false,
};
