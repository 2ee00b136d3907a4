import { Hono } from "hono";
import { z } from "zod";
import type { AccountAdded, AccountChanged, AccountList, AccountRemoved, AdminAccount } from "#content/accounts.ts";
import { ROLE_LABELS, ROLES } from "#content/roles.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings, AuditNote } from "#server/http/context.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { idFromPath } from "#server/http/record-id.ts";
import { emailField, passwordField } from "./account-fields.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import type { RevokedInvitation } from "./invitations/types.ts";
import { sessionId } from "./sessions.ts";
import type { User } from "./types.ts";

const roleField = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}.` });
/** Without a role, an account is an Administrator's, as every account was before roles. */
const createSchema = z.strictObject({ email: emailField, password: passwordField, role: roleField.optional() });
const roleSchema = z.strictObject({ role: roleField });
const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, "Enter your current password.").max(1_000),
  newPassword: passwordField,
});

const DUPLICATE_ADMIN = "An administrator with this email already exists.";
const LAST_ADMIN = "You cannot remove the last administrator. Add another one first.";
const LAST_ADMIN_ROLE =
  "You cannot change the role of the last Administrator. Make another account an Administrator first.";
const NO_ACCOUNT = "That account does not exist.";

const accountOf = (user: User, me: { id: number }): AdminAccount => ({
  id: user.id,
  email: user.email,
  createdAt: user.createdAt,
  role: user.role,
  current: user.id === me.id,
});

/**
 * The audit trail's entries for the invitations a removal or a new role revoked (the account may
 * no longer send them): one each, naming the invitee, the role it offered and its sender.
 */
const revokedEntries = (invitations: RevokedInvitation[], sender: string, because: string): AuditNote["consequences"] =>
  invitations.map((invitation) => ({
    action: "invitation.revoke-sender",
    target: { kind: "invitation", id: String(invitation.id), key: invitation.email },
    detail: { role: invitation.role, sender, because },
  }));

/** What the accounts API uses of the app's services. */
type AccountDeps = {
  store: Pick<Store, "users" | "sessions">;
  limits: { loginPerAccount: RateLimiter; accountCreation: RateLimiter };
  logger: Logger;
};

/**
 * Accounts (Administrators only, content/roles.ts): list, add with a role, change a role, remove
 * (never the last Administrator); every account changes its own password. Removing an account, or
 * giving it a role that may not invite, revokes the invitations it sent.
 */
export const accountRoutes = new Hono<AppBindings<AccountDeps>>()
  .get("/", async (c) => {
    const me = c.var.user!;
    const users = await c.var.deps.store.users.list();
    return c.json({ accounts: users.map((user) => accountOf(user, me)) } satisfies AccountList);
  })
  .post("/", async (c) => {
    const { store, limits, logger } = c.var.deps;
    const input = await parseBody(c, createSchema);
    if (!input.ok) return input.response;
    // Counted before the costly hash, so a stolen session cannot keep the CPU busy with scrypt.
    const limit = await limits.accountCreation.hit(c.var.clientIp);
    if (!limit.allowed) {
      const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
      c.header("Retry-After", String(limit.retryAfterSeconds));
      return jsonError(
        c,
        429,
        `Too many administrators added. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      );
    }
    if (await store.users.findByEmail(input.data.email)) return jsonError(c, 409, DUPLICATE_ADMIN);
    // The unique index still settles a race between two adds of the same address.
    const { email, password, role = "administrator" } = input.data;
    const user = await store.users.create(email, await hashPassword(password), role);
    if (!user) return jsonError(c, 409, DUPLICATE_ADMIN);
    logger.info("account added", { event: "account-created", account: user.id, role, by: c.var.user!.id });
    return c.json({ account: accountOf(user, c.var.user!) } satisfies AccountAdded, 201);
  })
  // A changed role ends the account's sessions (but the caller's own): it signs in anew with it.
  .put("/:id{[0-9]+}", async (c) => {
    const { store, logger } = c.var.deps;
    const input = await parseBody(c, roleSchema);
    if (!input.ok) return input.response;
    const id = idFromPath(c.req.param("id"));
    if (!id) return jsonError(c, 404, NO_ACCOUNT);
    const changed = await store.users.setRoleUnlessLast(id, input.data.role);
    if (changed === "missing") return jsonError(c, 404, NO_ACCOUNT);
    if (changed === "last") return jsonError(c, 409, LAST_ADMIN_ROLE);
    const { revokedInvitations } = changed;
    if (changed.result === "changed") {
      logger.info(`role changed to ${ROLE_LABELS[input.data.role]}`, {
        event: "role-changed",
        account: id,
        role: input.data.role,
        by: c.var.user!.id,
        invitationsRevoked: revokedInvitations.length,
      });
      // A new role signs the account in anew everywhere: all its sessions end (but this one, when it is one's own).
      if (id === c.var.user!.id) await store.sessions.removeOthersForUser(id, sessionId(c.var.sessionToken!));
      else await store.sessions.removeForUser(id);
    }
    c.set("audit", {
      consequences: revokedEntries(
        revokedInvitations,
        changed.user.email,
        `role changed to ${ROLE_LABELS[input.data.role]}`,
      ),
    });
    return c.json({
      account: accountOf(changed.user, c.var.user!),
      invitationsRevoked: revokedInvitations.length,
    } satisfies AccountChanged);
  })
  .delete("/:id{[0-9]+}", async (c) => {
    const { store, logger } = c.var.deps;
    const id = idFromPath(c.req.param("id"));
    // Its email is read first: the audit trail names the account after it is gone.
    const account = id ? await store.users.findById(id) : undefined;
    if (!id || !account) return jsonError(c, 404, "That administrator does not exist.");
    const result = await store.users.removeUnlessLast(id);
    if (result === "missing") return jsonError(c, 404, "That administrator does not exist.");
    if (result === "last") return jsonError(c, 409, LAST_ADMIN);
    const { revokedInvitations } = result;
    logger.info("administrator removed", {
      event: "account-removed",
      account: id,
      by: c.var.user!.id,
      invitationsRevoked: revokedInvitations.length,
    });
    c.set("audit", { consequences: revokedEntries(revokedInvitations, account.email, "account removed") });
    return c.json({
      ok: true,
      removed: id,
      email: account.email,
      self: id === c.var.user!.id,
      invitationsRevoked: revokedInvitations.length,
    } satisfies AccountRemoved);
  })
  .post("/password", async (c) => {
    const { store, limits, logger } = c.var.deps;
    const me = c.var.user!;
    const input = await parseBody(c, changePasswordSchema);
    if (!input.ok) return input.response;
    // Guessing the current password through this form is throttled like sign-in.
    const key = `${c.var.clientIp}|${me.email}`;
    const state = await limits.loginPerAccount.blocked(key);
    if (state.blocked) {
      c.header("Retry-After", String(state.retryAfterSeconds));
      return jsonError(c, 429, "Too many wrong passwords. Please wait and try again.");
    }
    const account = await store.users.findById(me.id);
    if (!account || !(await verifyPassword(input.data.currentPassword, account.passwordHash))) {
      await limits.loginPerAccount.hit(key);
      return jsonError(c, 400, "Your current password is not correct.");
    }
    await store.users.setPassword(me.id, await hashPassword(input.data.newPassword));
    await store.sessions.removeOthersForUser(me.id, sessionId(c.var.sessionToken!));
    logger.info("administrator changed their password", { event: "password-changed", account: me.id });
    return c.json({ ok: true });
  });
