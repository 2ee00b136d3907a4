/**
 * A message sent through the Contact form (docs/product.md §2, §5): checked by the route action and the
 * server with the limits the form shows (`contact-fields.ts`). Isomorphic: no Node-only imports.
 */
import { z } from "./zod.ts";
import {
  CONTACT_FIELDS,
  CONTACT_MESSAGE_LIMITS,
  type ContactField,
  type ContactFieldErrors,
} from "./contact-fields.ts";
import { singleLine } from "./single-line.ts";
import { storableText } from "./storable-text.ts";

export {
  CONTACT_FIELDS,
  CONTACT_MESSAGE_LIMITS,
  HONEYPOT_FIELD,
  SENT_FROM_FIELDS,
  type ContactField,
  type ContactFieldErrors,
} from "./contact-fields.ts";

/**
 * A text a visitor types into a form: cleaned, trimmed, and worded errors
 * naming `label`. A `line` (a name, an address) is kept on one line: line
 * breaks and control characters fold into a space (./single-line.ts).
 */
export const visitorText = (label: string, max: number, required: boolean, { line = false } = {}) => {
  const cleaned = z
    .string({
      error: (issue) =>
        issue.input == null && required ? `Please enter your ${label.toLowerCase()}.` : `${label} must be text.`,
    })
    // Dropped rather than refused, so a message is never lost for a character no one can see (decision 008).
    .overwrite(storableText);
  const base = (line ? cleaned.overwrite(singleLine) : cleaned)
    .trim()
    .max(max, `${label} is too long: keep it under ${max.toLocaleString("en-US")} characters.`);
  return required ? base.min(1, `Please enter your ${label.toLowerCase()}.`) : base;
};

export const contactMessageSchema = z.object({
  name: visitorText("Name", CONTACT_MESSAGE_LIMITS.name, true, { line: true }),
  email: visitorText("Email address", CONTACT_MESSAGE_LIMITS.email, true, { line: true }).pipe(
    z.email("Please enter a valid email address, like name@example.com."),
  ),
  company: visitorText("Company", CONTACT_MESSAGE_LIMITS.company, false, { line: true }).default(""),
  message: visitorText("Message", CONTACT_MESSAGE_LIMITS.message, true),
});

export type ContactMessageFields = z.infer<typeof contactMessageSchema>;

/** The first error of each field, for showing beside the fields. */
export function contactFieldErrors(error: z.ZodError): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (CONTACT_FIELDS as readonly string[]).includes(field)) {
      errors[field as ContactField] ??= issue.message;
    }
  }
  return errors;
}
