import { Hono } from "hono";
import { z } from "zod";
import type { AccountAdded, AccountList, AccountRemoved, AdminAccount } from "#content/accounts.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import { jsonError } from "#server/http/errors.ts";
import { requireAdmin } from "#server/http/middleware.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { idFromPath } from "#server/http/record-id.ts";
import { emailField, passwordField } from "./account-fields.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { sessionId } from "./sessions.ts";

const createSchema = z.strictObject({ email: emailField, password: passwordField });
const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, "Enter your current password.").max(1_000),
  newPassword: passwordField,
});

const DUPLICATE_ADMIN = "An administrator with this email already exists.";
const LAST_ADMIN = "You cannot remove the last administrator. Add another one first.";

/** Administrators: list, add, remove (never the last), change one's own password. */
/** What the accounts API uses of the app's services. */
type AccountDeps = {
  store: Pick<Store, "users" | "sessions">;
  limits: { loginPerAccount: RateLimiter; accountCreation: RateLimiter };
  logger: Logger;
};

export const accountRoutes = new Hono<AppBindings<AccountDeps>>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const me = c.var.user!;
    const users = await c.var.deps.store.users.list();
    return c.json({
      accounts: users.map((u): AdminAccount => ({
        id: u.id,
        email: u.email,
        createdAt: u.createdAt,
        current: u.id === me.id,
      })),
    } satisfies AccountList);
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
    const user = await store.users.create(input.data.email, await hashPassword(input.data.password));
    if (!user) return jsonError(c, 409, DUPLICATE_ADMIN);
    logger.info("administrator added", { event: "account-created", account: user.id, by: c.var.user!.id });
    return c.json(
      { account: { id: user.id, email: user.email, createdAt: user.createdAt, current: false } } satisfies AccountAdded,
      201,
    );
  })
  .delete("/:id{[0-9]+}", async (c) => {
    const { store, logger } = c.var.deps;
    const id = idFromPath(c.req.param("id"));
    if (!id) return jsonError(c, 404, "That administrator does not exist.");
    const result = await store.users.removeUnlessLast(id);
    if (result === "missing") return jsonError(c, 404, "That administrator does not exist.");
    if (result === "last") return jsonError(c, 409, LAST_ADMIN);
    logger.info("administrator removed", { event: "account-removed", account: id, by: c.var.user!.id });
    return c.json({ ok: true, removed: id, self: id === c.var.user!.id } satisfies AccountRemoved);
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
