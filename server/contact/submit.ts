import type { VariantName } from "#content/landing-pages.ts";
import { DEFAULT_LOCALE, localePath, type Locale } from "#content/locales.ts";
import {
  contactFieldErrors,
  contactMessageSchema,
  HONEYPOT_FIELD,
  type ContactFieldErrors,
  type ContactMessageFields,
} from "#content/contact-message.ts";
import type { z } from "zod";
import { describeZodError } from "#server/http/errors.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import { receiveMessage } from "./deliver.ts";
import { CONTACT_PAGE } from "./message-store.ts";
import type { ContactMessage, ContactMessageInput } from "./types.ts";

export const CONTACT_MESSAGES = {
  rateLimited:
    "You have sent several messages in a short time. Please wait a few minutes and try again, or email us directly.",
  automated: "Your message looked automated, so it was not sent. Please try again, or email us directly.",
  invalid: "Please check the highlighted fields.",
} as const;

/** A refusal or the stored message; `fieldErrors` are keyed by the fields of the form the visitor filled in. */
export type SubmitResult<E> =
  | { ok: true; message: ContactMessage }
  | { ok: false; status: 400; reason: "invalid"; formError: string; fieldErrors: E }
  | { ok: false; status: 400; reason: "automated"; formError: string; fieldErrors: E }
  | {
      ok: false;
      status: 429;
      reason: "rate-limited";
      formError: string;
      fieldErrors: E;
      retryAfterSeconds: number;
    };

export type SubmitContactResult = SubmitResult<ContactFieldErrors>;

export interface SubmitMeta {
  ip: string;
  userAgent: string | null;
  /** The origin the visitor used (for the form-mail forward's `_next`; PUBLIC_URL's wins: server/lib/site-origin.ts). */
  origin?: string;
  /** The language of the page it was sent from (English when not said). */
  locale?: Locale;
  /**
   * A team page it was sent from, through its contact block (issue 42), and the variant that page
   * showed where it has a variant B: the message is counted there. The Contact page when not said.
   */
  page?: string;
  variant?: VariantName | undefined;
}

/** The per-IP key in the shared public-forms limiter (the Contact form and the chat's leads count together). */
export const contactRateKey = (ip: string) => `contact:${ip}`;

/** What taking a message uses of the app's services. */
type Deps = Parameters<typeof receiveMessage>[0] & { limits: { publicForms: RateLimiter }; logger: Logger };

/** What differs between the ways a visitor leaves a message: its schema, its fields' errors, and what is kept. */
export interface MessageKind<T, E> {
  schema: z.ZodType<T>;
  fieldErrors(error: z.ZodError): E;
  toStored(
    fields: T,
    meta: SubmitMeta,
  ): Pick<ContactMessageInput, "name" | "email" | "company" | "message" | "source" | "page" | "variant">;
  /**
   * Whether the message keeps the sender's address and user agent (shown
   * nowhere, not in the inbox nor its CSV; in backups). The Contact form's
   * do; a chat lead's do not, as the chat keeps no address.
   */
  keepsSender: boolean;
}

const contactForm: MessageKind<ContactMessageFields, ContactFieldErrors> = {
  schema: contactMessageSchema,
  fieldErrors: contactFieldErrors,
  toStored: (fields, meta) => ({
    name: fields.name,
    email: fields.email,
    company: fields.company,
    message: fields.message,
    source: "form",
    // The Contact page in the language it was sent from (the message keeps its language), or the team page.
    page: meta.page ?? localePath(meta.locale ?? DEFAULT_LOCALE, CONTACT_PAGE),
    variant: meta.variant ?? null,
  }),
  keepsSender: true,
};

/**
 * Accepts a contact message from the public form (raw form values, so the
 * honeypot can be checked): turns away bots and floods, validates, then
 * stores the message before anything else happens to it, so a later delivery
 * failure never loses a lead.
 */
export function submitContactMessage(
  deps: Deps,
  input: Record<string, unknown>,
  meta: SubmitMeta,
): Promise<SubmitContactResult> {
  return submitMessage(deps, contactForm, input, meta);
}

/** The steps every visitor's message goes through, whichever form it came from (see submitContactMessage). */
export async function submitMessage<T, E extends object>(
  deps: Deps,
  kind: MessageKind<T, E>,
  input: Record<string, unknown>,
  meta: SubmitMeta,
): Promise<SubmitResult<E>> {
  const noErrors = {} as E;
  const trap = input[HONEYPOT_FIELD];
  if (trap !== undefined && trap !== null && trap !== "") {
    deps.logger.warn("contact message refused: honeypot filled", { event: "contact-refused", reason: "honeypot" });
    return {
      ok: false,
      status: 400,
      reason: "automated",
      formError: CONTACT_MESSAGES.automated,
      fieldErrors: noErrors,
    };
  }

  const parsed = kind.schema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = kind.fieldErrors(parsed.error);
    return {
      ok: false,
      status: 400,
      reason: "invalid",
      // Only a broken client gets a field wrong that no one types (the chat's transcript): say which.
      formError:
        Object.keys(fieldErrors).length > 0 ? CONTACT_MESSAGES.invalid : describeZodError(parsed.error).message,
      fieldErrors,
    };
  }

  // Only well-formed messages count towards the limit, so a visitor fixing a typo is not locked out.
  const limit = await deps.limits.publicForms.hit(contactRateKey(meta.ip));
  if (!limit.allowed) {
    deps.logger.warn("contact message refused: too many from one address", {
      event: "contact-refused",
      reason: "rate-limited",
    });
    return {
      ok: false,
      status: 429,
      reason: "rate-limited",
      formError: CONTACT_MESSAGES.rateLimited,
      fieldErrors: noErrors,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  // Stored with its deliveries in one transaction; the delivery worker is woken (server/contact/deliver.ts).
  const sender = kind.keepsSender
    ? { ip: meta.ip, userAgent: meta.userAgent?.slice(0, 500) ?? null }
    : { ip: null, userAgent: null };
  const message = await receiveMessage(deps, { ...kind.toStored(parsed.data, meta), ...sender }, meta.origin);
  deps.logger.info("contact message stored", { event: "contact-stored", id: message.id, source: message.source });
  return { ok: true, message };
}
