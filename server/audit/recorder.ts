import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import { endpointOf } from "#server/http/permissions.ts";
import type { Logger } from "#server/logger.ts";
import { AUDITED, type AuditDescription } from "./actions.ts";
import type { NewAuditEvent } from "./types.ts";

type RecorderDeps = { store: Pick<Store, "audit" | "posts" | "pages" | "users">; logger: Logger };

/** The answer's JSON, for an entry that reads it (a copy: the answer itself still goes out whole). */
async function answerOf(c: Context): Promise<unknown> {
  if (!c.res.headers.get("content-type")?.includes("application/json")) return undefined;
  return c.res
    .clone()
    .json()
    .catch(() => undefined);
}

/**
 * The one recorder of the audit trail (issue 28 item 6): after an API request, records the action
 * its endpoint has in the registry (./actions.ts) when the answer succeeded (2xx) and an account
 * made it; and whatever a route noted itself with an action (`c.var.audit`: a sign-in, a failed
 * one), whatever the answer; then the entries the route noted it brought about. Recorded before the
 * answer leaves, so it is in the trail as soon as the admin sees it done; a recording that fails is
 * logged and never fails the request.
 */
export const recordAudit = createMiddleware<AppBindings<RecorderDeps>>(async (c, next) => {
  const endpoint = endpointOf(c);
  await next();
  const note = c.var.audit;
  const entry = endpoint ? AUDITED[endpoint as keyof typeof AUDITED] : undefined;
  const succeeded = c.res.status >= 200 && c.res.status < 300;
  if (!note?.action && !(entry && succeeded)) return;
  const { store, logger } = c.var.deps;
  try {
    const described: AuditDescription =
      entry && succeeded && !note?.action && entry.describe
        ? await entry.describe({
            param: (name) => c.req.param(name),
            locale: c.req.query("locale"),
            answer: await answerOf(c),
            store,
          })
        : {};
    let actor = note?.actor ?? (c.var.user ? { id: c.var.user.id, email: c.var.user.email } : undefined);
    if (actor && actor.id !== null && actor.email === null)
      actor = { id: actor.id, email: (await store.users.findById(actor.id))?.email ?? null };
    // Nobody to name (signing out without a session): nothing happened worth keeping.
    if (!actor) return;
    const event: NewAuditEvent = {
      actor,
      action: note?.action ?? described.action ?? entry!.action,
      target: note?.target ?? described.target ?? null,
      detail: note?.detail || described.detail ? { ...described.detail, ...note?.detail } : null,
    };
    await store.audit.record(event);
    for (const consequence of note?.consequences ?? [])
      await store.audit.record({
        actor,
        action: consequence.action,
        target: consequence.target ?? null,
        detail: consequence.detail ?? null,
      });
  } catch (error) {
    logger.warn("could not record an audit event", { endpoint, reason: String(error) });
  }
});
