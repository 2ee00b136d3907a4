import nodemailer from "nodemailer";
import type { MessageSource } from "#content/contact-fields.ts";
import { SITE_NAME } from "#content/constants.ts";
import { singleLine } from "#content/single-line.ts";
import type { Env } from "#server/env.ts";
import type { EventBus } from "#server/events/bus.ts";
import { siteOrigin } from "#server/lib/site-origin.ts";
import type { Outbox } from "./outbox.ts";
import type { DeliveryChannel } from "#content/inbox.ts";
import type {
  AccountMailTransport,
  ContactMessage,
  ContactMessageInput,
  DeliveryPlan,
  MessageStore,
  Transport,
} from "./types.ts";

/** How each kind of message is announced: the e-mail's subject (and the form-mail `_subject`) and sender name. */
export const MESSAGE_MAIL: Record<MessageSource, { subject: string; sender: string }> = {
  form: { subject: "New Contact Form Submission", sender: "Website contact form" },
  chat: { subject: "New lead from the chat assistant", sender: "Website chat assistant" },
};

const SEND_TIMEOUT_MS = 30_000;

/** Which deliveries the environment asks for: none when nothing is configured. */
export function deliveryChannels(env: Env): DeliveryChannel[] {
  const channels: DeliveryChannel[] = [];
  if (env.SMTP_URL && env.CONTACT_TO) channels.push("email");
  if (env.CONTACT_FORWARD_URL) channels.push("forward");
  return channels;
}

/**
 * Stores a contact message with its deliveries in one transaction (so a crash
 * never leaves a message without its deliveries, or a delivery twice), then
 * tells the live inbox and wakes the delivery worker.
 */
export async function receiveMessage(
  deps: { env: Env; store: { messages: MessageStore }; bus: EventBus; outbox: Pick<Outbox, "wake"> },
  input: ContactMessageInput,
  /** The origin the visitor used; PUBLIC_URL's wins when set. */
  requestOrigin?: string,
): Promise<ContactMessage> {
  const channels = deliveryChannels(deps.env);
  const origin = siteOrigin(deps.env, requestOrigin);
  const plan: DeliveryPlan | undefined = channels.length ? { channels, origin } : undefined;
  const message = await deps.store.messages.add(input, plan);
  deps.bus.publish({ type: "message", id: message.id });
  if (plan) deps.outbox.wake();
  return message;
}

/**
 * The notification's body: `Field: value` lines, then the message. The name,
 * email and company are folded onto one line here as well as by the forms'
 * schemas, so no value (an older message's, say) can forge a line such as
 * `Bcc:` above the real ones.
 */
export function emailText(message: ContactMessage): string {
  return [
    `Name: ${singleLine(message.name)}`,
    `Email: ${singleLine(message.email)}`,
    `Company: ${singleLine(message.company) || "—"}`,
    "",
    "Message:",
    message.message,
    "",
    `Received: ${message.createdAt}`,
  ].join("\n");
}

/**
 * The address the site's mail comes from: the SMTP service's signed-in user when that is an address
 * (most services accept no other sender), else CONTACT_TO; undefined when the site sends no mail.
 */
export function mailSender(env: Pick<Env, "SMTP_URL" | "CONTACT_TO">): string | undefined {
  if (!env.SMTP_URL) return undefined;
  const user = decodeURIComponent(new URL(env.SMTP_URL).username);
  return user.includes("@") ? user : env.CONTACT_TO;
}

const smtpTransport = (url: string) =>
  nodemailer.createTransport({
    url,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });

export function sendEmail(env: Env): Transport {
  return async (_delivery, message) => {
    if (!env.SMTP_URL || !env.CONTACT_TO) throw new Error("SMTP_URL and CONTACT_TO are no longer set.");
    const transport = smtpTransport(env.SMTP_URL);
    try {
      await transport.sendMail({
        from: { name: MESSAGE_MAIL[message.source].sender, address: mailSender(env)! },
        to: env.CONTACT_TO,
        replyTo: { name: message.name, address: message.email },
        subject: MESSAGE_MAIL[message.source].subject,
        text: emailText(message),
      });
    } finally {
      transport.close();
    }
  };
}

/** Sends an account mail (an invitation) by SMTP, from the site's sender under the site's name. */
export function sendAccountMail(env: Env): AccountMailTransport {
  return async (mail) => {
    const from = mailSender(env);
    if (!env.SMTP_URL || !from) throw new Error("SMTP_URL (and a sender address) is no longer set.");
    const transport = smtpTransport(env.SMTP_URL);
    try {
      await transport.sendMail({
        from: { name: SITE_NAME, address: from },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    } finally {
      transport.close();
    }
  };
}

/** The form fields the original site posted to its form-mail service. */
export function forwardFields(message: ContactMessage, origin: string): URLSearchParams {
  return new URLSearchParams({
    name: message.name,
    email: message.email,
    company: message.company,
    message: message.message,
    _next: `${origin}/done`,
    _subject: MESSAGE_MAIL[message.source].subject,
    _captcha: "false",
  });
}

export function sendForward(env: Env): Transport {
  return async (delivery, message) => {
    if (!env.CONTACT_FORWARD_URL) throw new Error("CONTACT_FORWARD_URL is no longer set.");
    const response = await fetch(env.CONTACT_FORWARD_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html,application/json" },
      body: forwardFields(message, delivery.origin),
      // Form-mail services answer a good post with a redirect to `_next`.
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status >= 400 || response.status < 200) {
      throw new Error(`The form-mail service answered ${response.status} ${response.statusText}`.trim());
    }
  };
}

export function defaultTransports(env: Env): Record<DeliveryChannel, Transport> {
  return { email: sendEmail(env), forward: sendForward(env) };
}
