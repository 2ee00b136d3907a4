import {
  CONTACT_FIELDS,
  CONTACT_MESSAGE_LIMITS,
  HONEYPOT_FIELD,
  SENT_FROM_FIELDS,
  contactMessageSchema,
  type ContactField,
  type ContactFieldErrors,
} from "#content/contact-message.ts";
import { format } from "#content/i18n/format.ts";
import { isVariantName, type VariantName } from "#content/landing-pages.ts";
import type { Locale } from "#content/locales.ts";
import { publicPage } from "#content/public-pages.ts";
import type { ContactContent } from "#content/schemas.ts";
import { numberLabel, serverMessagesFor } from "#app/lib/i18n.server.ts";
import { sanitizeMapEmbed } from "#server/content/sanitize.ts";
import type { SubmitContactResult } from "#server/contact/submit.ts";

export { submitContactMessage } from "#server/contact/submit.ts";
export { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable, warnDatabaseUnavailable } from "#server/db/unavailable.ts";

/** A contact form post is a few KB; anything far larger is refused before it is parsed. */
export const MAX_CONTACT_BODY_BYTES = 64 * 1024;

/**
 * The team page a message was sent from through its contact block, and the variant it showed
 * (content/contact-fields.ts `SENT_FROM_FIELDS`), when the form says one: a canonical team page's
 * address and a variant's name; anything else is left out (the Contact page then).
 */
export function sentFrom(input: Record<string, unknown>): { page?: string; variant?: VariantName } {
  const page = input[SENT_FROM_FIELDS.page];
  if (typeof page !== "string" || publicPage(page)?.route !== "landing") return {};
  const variant = input[SENT_FROM_FIELDS.variant];
  return { page, ...(isVariantName(variant) && { variant }) };
}

/**
 * The posted form's fields as plain values, or null when the body is over
 * the limit (checked while reading, so a body without Content-Length cannot
 * slip past).
 */
export async function readContactForm(request: Request): Promise<Record<string, unknown> | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_CONTACT_BODY_BYTES || !request.body) return declared > MAX_CONTACT_BODY_BYTES ? null : {};
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_CONTACT_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Blob(chunks as BlobPart[]);
  const form = await new Response(body, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } })
    .formData()
    .catch(() => new FormData());
  const fields = [...CONTACT_FIELDS, HONEYPOT_FIELD, ...Object.values(SENT_FROM_FIELDS)];
  return Object.fromEntries(fields.map((field) => [field, form.get(field) ?? undefined]));
}

/**
 * Why a message was refused, in `locale`: the form's line by the reason, and
 * each field's error by what is wrong with it. The server words them in
 * English (server/contact/submit.ts, content/contact-message.ts), so what is
 * wrong is read again from `input` with the same schema; a problem no
 * visitor's form can cause (a field that is not text) keeps the server's words.
 */
export function refusalIn(
  result: Exclude<SubmitContactResult, { ok: true }>,
  input: Record<string, unknown>,
  locale: Locale,
): { formError: string; fieldErrors: ContactFieldErrors } {
  const { errors, fieldErrors: worded } = serverMessagesFor(locale).contactForm;
  const fields = Object.keys(result.fieldErrors) as ContactField[];
  if (result.reason !== "invalid") {
    return { formError: result.reason === "automated" ? errors.automated : errors.rateLimited, fieldErrors: {} };
  }
  // No field to point at: only a broken client gets here, and the server's words say what it got wrong.
  if (fields.length === 0) return { formError: result.formError, fieldErrors: {} };
  const issues = contactMessageSchema.safeParse(input, { reportInput: true }).error?.issues ?? [];
  const fieldErrors: ContactFieldErrors = {};
  for (const field of fields) {
    const texts: Partial<Record<"required" | "invalid" | "tooLong", string>> = worded[field];
    const issue = issues.find((each) => each.path[0] === field);
    const missing = issue?.code === "too_small" || (issue?.code === "invalid_type" && issue.input == null);
    const text =
      issue?.code === "too_big" && texts.tooLong
        ? format(texts.tooLong, { max: numberLabel(CONTACT_MESSAGE_LIMITS[field], locale) })
        : missing
          ? texts.required
          : issue?.code === "invalid_format"
            ? texts.invalid
            : undefined;
    fieldErrors[field] = text ?? result.fieldErrors[field];
  }
  return { formError: errors.invalid, fieldErrors };
}

/** What the person typed, to put back in the form after an error (long pastes kept, megabytes not). */
export function typedValues(input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const value = input[field];
      return [field, typeof value === "string" ? value.slice(0, CONTACT_MESSAGE_LIMITS[field] * 2) : ""];
    }),
  );
}

/** The "Find Us" map: the stored embed, sanitised again, or OpenStreetMap at the stored or default place. */
export function contactMap(
  contact: ContactContent,
): { embedHtml: string } | { lat: number; lng: number; zoom: number } {
  const embedHtml = contact.mapEmbed ? sanitizeMapEmbed(contact.mapEmbed) : "";
  if (embedHtml) return { embedHtml };
  const number = (value: string, fallback: number) =>
    value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : fallback;
  return {
    lat: number(contact.map.lat, DEFAULT_MAP.lat),
    lng: number(contact.map.lng, DEFAULT_MAP.lng),
    zoom: number(contact.map.zoom, DEFAULT_MAP.zoom),
  };
}

/** docs/product.md §9: Colombo. */
export const DEFAULT_MAP = { lat: 6.9271, lng: 79.8612, zoom: 10 } as const;
