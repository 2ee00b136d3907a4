/**
 * The Contact form's fields and limits (docs/product.md §5), without the schema: the form
 * in the browser needs only these, and importing them must not pull zod into
 * the visitor bundle. `contact-message.ts` builds the shared schema on them.
 */

export const CONTACT_MESSAGE_LIMITS = {
  name: 200,
  email: 320,
  company: 200,
  message: 5_000,
} as const;

/** The visually hidden field only bots fill in. */
export const HONEYPOT_FIELD = "website_url";

export const CONTACT_FIELDS = ["name", "email", "company", "message"] as const;

/**
 * Hidden fields of a team page's contact block (issue 42): the page it was sent from and the
 * variant that page showed, so the message counts as that page's lead. Not the message's fields.
 */
export const SENT_FROM_FIELDS = { page: "from_page", variant: "from_variant" } as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/**
 * Where a contact message came from, stored with it: the Contact form, or the
 * chat, where a visitor asked to hear from the team (docs/product.md §2 "Leads
 * from the chat"). `label` is what the inbox and its CSV show.
 */
export const MESSAGE_SOURCES = {
  form: { label: "Contact form" },
  chat: { label: "Chat" },
} as const;
export type MessageSource = keyof typeof MESSAGE_SOURCES;

/** The chat's "Talk to the team" form: its fields and limits; the transcript the panel sends with it. */
export const CHAT_LEAD_LIMITS = {
  name: CONTACT_MESSAGE_LIMITS.name,
  email: CONTACT_MESSAGE_LIMITS.email,
  note: 2_000,
  /** The latest messages of the conversation sent with a lead, and each one's length. */
  transcriptMessages: 30,
  transcriptText: 2_000,
  page: 300,
} as const;

export const CHAT_LEAD_FIELDS = ["name", "email", "note"] as const;
export type ChatLeadField = (typeof CHAT_LEAD_FIELDS)[number];
export type ChatLeadFieldErrors = Partial<Record<ChatLeadField, string>>;
