import {
  contactFieldErrors,
  contactMessageSchema,
  HONEYPOT_FIELD,
  type ContactFieldErrors,
  type ContactMessageFields,
} from "#content/contact-message.ts";
import type { AppDeps } from "#server/http/context.ts";
import { receiveMessage } from "./deliver.ts";
import type { ContactMessage } from "./types.ts";

export const CONTACT_MESSAGES = {
  rateLimited:
    "You have sent several messages in a short time. Please wait a few minutes and try again, or email us directly.",
  automated: "Your message looked automated, so it was not sent. Please try again, or email us directly.",
  invalid: "Please check the highlighted fields.",
} as const;

export type SubmitContactResult =
  | { ok: true; message: ContactMessage }
  | { ok: false; status: 400; reason: "invalid"; formError: string; fieldErrors: ContactFieldErrors }
  | { ok: false; status: 400; reason: "automated"; formError: string; fieldErrors: ContactFieldErrors }
  | {
      ok: false;
      status: 429;
      reason: "rate-limited";
      formError: string;
      fieldErrors: ContactFieldErrors;
      retryAfterSeconds: number;
    };

export interface SubmitMeta {
  ip: string;
  userAgent: string | null;
  /** The origin the visitor used (for the form-mail forward's `_next`; PUBLIC_URL's wins: server/lib/site-origin.ts). */
  origin?: string;
}

/** The per-IP key in the shared public-forms limiter. */
export const contactRateKey = (ip: string) => `contact:${ip}`;

/**
 * Accepts a contact message from the public form (raw form values, so the
 * honeypot can be checked): turns away bots and floods, validates, then
 * stores the message before anything else happens to it, so a later delivery
 * failure never loses a lead.
 */
export async function submitContactMessage(
  deps: Pick<AppDeps, "store" | "limits" | "logger" | "env" | "bus" | "outbox">,
  input: Record<string, unknown>,
  meta: SubmitMeta,
): Promise<SubmitContactResult> {
  const trap = input[HONEYPOT_FIELD];
  if (trap !== undefined && trap !== null && trap !== "") {
    deps.logger.warn("contact message refused: honeypot filled", { ip: meta.ip });
    return { ok: false, status: 400, reason: "automated", formError: CONTACT_MESSAGES.automated, fieldErrors: {} };
  }

  const parsed = contactMessageSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      reason: "invalid",
      formError: CONTACT_MESSAGES.invalid,
      fieldErrors: contactFieldErrors(parsed.error),
    };
  }

  // Only well-formed messages count towards the limit, so a visitor fixing a typo is not locked out.
  const limit = await deps.limits.publicForms.hit(contactRateKey(meta.ip));
  if (!limit.allowed) {
    deps.logger.warn("contact message refused: too many from one address", { ip: meta.ip });
    return {
      ok: false,
      status: 429,
      reason: "rate-limited",
      formError: CONTACT_MESSAGES.rateLimited,
      fieldErrors: {},
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  // Stored with its deliveries in one transaction; the delivery worker is woken (server/contact/deliver.ts).
  const message = await receiveMessage(
    deps,
    { ...toStored(parsed.data), ip: meta.ip, userAgent: meta.userAgent?.slice(0, 500) ?? null },
    meta.origin,
  );
  deps.logger.info("contact message stored", { id: message.id });
  return { ok: true, message };
}

function toStored(fields: ContactMessageFields) {
  return { name: fields.name, email: fields.email, company: fields.company, message: fields.message };
}
