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
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactFieldErrors = Partial<Record<ContactField, string>>;
