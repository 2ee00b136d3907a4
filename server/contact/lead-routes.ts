import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { readJson } from "#server/http/parse-body.ts";
import { chatLead } from "./chat-lead.ts";
import { submitMessage } from "./submit.ts";

/** A lead is a note and at most 30 chat messages of 2,000 characters: room for them in any script, little more. */
export const MAX_LEAD_BODY_BYTES = 256 * 1024;

/**
 * POST /api/chat/lead: the chat panel's "Talk to the team" form. Public, and
 * Origin-checked like every API write (server/http/middleware.ts); a lead goes
 * through the Contact form's honeypot, limits and store-first delivery
 * (./submit.ts) and answers as the form does: `{ok: true}`, or the form's
 * error with each field's.
 */
export const chatLeadRoutes = new Hono<AppBindings>().post(
  "/",
  bodyLimit({
    maxSize: MAX_LEAD_BODY_BYTES,
    onError: (c) => {
      c.header("Connection", "close");
      return jsonError(c, 413, "Your message is too long to send. Please shorten it and try again.");
    },
  }),
  async (c) => {
    const read = await readJson(c);
    if (!read.ok) return read.response;
    const body = read.body;
    if (typeof body !== "object" || body === null || Array.isArray(body))
      return jsonError(c, 400, "The request body must be a JSON object.");
    const result = await submitMessage(c.var.deps, chatLead, body as Record<string, unknown>, {
      ip: c.var.clientIp,
      userAgent: c.req.header("user-agent") ?? null,
      origin: new URL(c.req.url).origin,
    });
    c.header("Cache-Control", "no-store");
    if (result.ok) return c.json({ ok: true }, 201);
    if (result.reason === "rate-limited") c.header("Retry-After", String(result.retryAfterSeconds));
    return jsonError(c, result.status, result.formError, { fieldErrors: result.fieldErrors });
  },
);
