import { randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import {
  acceptInvitationSchema,
  INVITATION_GONE,
  INVITATION_TTL_MS,
  invitationInputSchema,
  invitationPath,
  type InvitationAccepted,
  type InvitationCreated,
  type InvitationList,
  type InvitationPreview,
} from "#content/invitations.ts";
import { ROLE_LABELS } from "#content/roles.ts";
import { mailSender } from "#server/contact/deliver.ts";
import type { Outbox } from "#server/contact/outbox.ts";
import type { Store } from "#server/db/store.ts";
import type { Env } from "#server/env.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { idFromPath } from "#server/http/record-id.ts";
import { siteOrigin } from "#server/lib/site-origin.ts";
import { hashPassword } from "../password.ts";
import { signIn, type AuthDeps } from "../routes.ts";
import { tooMany } from "../guess-throttle.ts";
import { plausibleToken, previewInvitation } from "./preview.ts";

/** What the invitations API uses of the app's services: signing the invitee in is sign-in's. */
type InvitationDeps = AuthDeps & {
  env: Pick<Env, "PUBLIC_URL" | "PORT" | "SMTP_URL" | "CONTACT_TO">;
  store: Pick<Store, "invitations">;
  outbox: Pick<Outbox, "wake">;
};

const TAKEN = "An account with this email already exists.";
const NO_INVITATION = "That invitation does not exist or is no longer pending.";

/**
 * Invitations (issue 28 item 2): Administrators invite, list and revoke (content/roles.ts); the
 * invitee, a visitor, reads whom the link is for and accepts it with a password, which makes the
 * account and signs it in. Every answer for a link that does not work is the same 410, so a link
 * cannot be probed for whether it ever existed; accepting is throttled per address like sign-in.
 */
export const invitationRoutes = new Hono<AppBindings<InvitationDeps>>()
  .get("/", async (c) => {
    const { store } = c.var.deps;
    const origin = siteOrigin(c.var.deps.env, c.req.url);
    const pending = await store.invitations.listPending();
    const invitations = await Promise.all(
      pending.map(async (invitation) => {
        const token = await store.invitations.unseal(invitation.sealedToken);
        return {
          id: invitation.id,
          email: invitation.email,
          role: invitation.role,
          invitedBy: invitation.invitedByEmail,
          createdAt: invitation.createdAt,
          expiresAt: invitation.expiresAt,
          link: token ? `${origin}${invitationPath(token)}` : null,
        };
      }),
    );
    return c.json({ invitations } satisfies InvitationList);
  })
  .post("/", async (c) => {
    const { store, env, outbox, logger } = c.var.deps;
    const input = await parseBody(c, invitationInputSchema);
    if (!input.ok) return input.response;
    const token = randomBytes(32).toString("base64url");
    const origin = siteOrigin(env, c.req.url);
    // Mailed when the site can send mail; the link is answered either way, for the admin to copy.
    const mailed = mailSender(env) !== undefined;
    const invitation = await store.invitations.create({
      email: input.data.email,
      role: input.data.role,
      invitedBy: c.var.user!.id,
      token,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      ...(mailed && { mailFrom: { origin } }),
    });
    if (invitation === "taken") return jsonError(c, 409, TAKEN);
    if (mailed) outbox.wake();
    logger.info(`invitation as ${ROLE_LABELS[invitation.role]} created`, {
      event: "invitation-created",
      invitation: invitation.id,
      role: invitation.role,
      by: c.var.user!.id,
      mailed,
    });
    return c.json(
      {
        invitation: {
          id: invitation.id,
          email: invitation.email,
          role: invitation.role,
          expiresAt: invitation.expiresAt,
          link: `${origin}${invitationPath(token)}`,
          mailed,
        },
      } satisfies InvitationCreated,
      201,
    );
  })
  .delete("/:id{[0-9]+}", async (c) => {
    const { store, logger } = c.var.deps;
    const id = idFromPath(c.req.param("id"));
    if (!id || !(await store.invitations.revoke(id))) return jsonError(c, 404, NO_INVITATION);
    logger.info("invitation revoked", { event: "invitation-revoked", invitation: id, by: c.var.user!.id });
    return c.json({ ok: true, revoked: id });
  })
  .get("/accept/:token", async (c) => {
    const found = await previewInvitation(c.var.deps, c.var.clientIp, c.req.param("token"));
    if ("retryAfterSeconds" in found) return tooMany(c, found.retryAfterSeconds);
    if ("gone" in found) return jsonError(c, 410, INVITATION_GONE);
    return c.json(found.invitation satisfies InvitationPreview);
  })
  .post("/accept/:token", async (c) => {
    const { store, limits, logger } = c.var.deps;
    const input = await parseBody(c, acceptInvitationSchema);
    if (!input.ok) return input.response;
    // Every accept counts (each costs a password hash), as the first administrator's setup does.
    const hit = await limits.loginPerIp.hit(c.var.clientIp);
    if (!hit.allowed) return tooMany(c, hit.retryAfterSeconds);
    const token = c.req.param("token");
    if (!plausibleToken(token) || !(await store.invitations.findPending(token)))
      return jsonError(c, 410, INVITATION_GONE);
    const user = await store.invitations.accept(token, await hashPassword(input.data.password));
    if (user === "gone") return jsonError(c, 410, INVITATION_GONE);
    if (user === "taken") return jsonError(c, 409, TAKEN);
    logger.info(`invitation accepted: account added as ${ROLE_LABELS[user.role]}`, {
      event: "account-created",
      account: user.id,
      role: user.role,
    });
    // Signed in as a sign-in does (this router's deps include sign-in's: the cast only narrows them).
    await signIn(c as unknown as Context<AppBindings<AuthDeps>>, user.id);
    // The audit trail's entry is the acceptance (the new account's first sign-in with it).
    c.set("audit", {
      action: "invitation.accept",
      actor: { id: user.id, email: user.email },
      target: { kind: "account", id: String(user.id), key: user.email },
      detail: { role: user.role },
    });
    return c.json({ user: { email: user.email, role: user.role } } satisfies InvitationAccepted, 201);
  });
