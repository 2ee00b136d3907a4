import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import type { SessionStore, UserStore } from "./types.ts";

/** The one-time link that lets the first administrator be created when none exists. */
export interface SetupGate {
  /** Whether the given token opens the setup form (only while no admin exists). */
  check(token: string | undefined): Promise<boolean>;
  /** The setup link, or null when setup is closed. */
  readonly link: string | null;
  close(): void;
}

/**
 * Makes sure an administrator can sign in after start: the one from
 * ADMIN_EMAIL/ADMIN_PASSWORD, or else, while no administrator exists, a
 * one-time setup link printed to the log.
 */
export async function prepareAdmin(
  env: Env,
  store: { users: UserStore; sessions: SessionStore },
  logger: Logger,
  /** The site's origin, for the setup link. */
  origin: string,
): Promise<SetupGate> {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const existing = await store.users.findByEmail(env.ADMIN_EMAIL);
    if (!existing) {
      const created = await store.users.create(env.ADMIN_EMAIL, await hashPassword(env.ADMIN_PASSWORD));
      logger.info("created administrator from ADMIN_EMAIL", { event: "account-created", account: created?.id });
    } else if (!(await verifyPassword(env.ADMIN_PASSWORD, existing.passwordHash))) {
      await store.users.setPassword(existing.id, await hashPassword(env.ADMIN_PASSWORD));
      await store.sessions.removeForUser(existing.id);
      logger.info("reset administrator password from ADMIN_PASSWORD", {
        event: "password-changed",
        account: existing.id,
      });
    }
  }

  let token: string | null = (await store.users.count()) === 0 ? randomBytes(24).toString("base64url") : null;
  const gate: SetupGate = {
    async check(candidate) {
      if (!token || !candidate) return false;
      if ((await store.users.count()) > 0) {
        gate.close();
        return false;
      }
      const a = Buffer.from(candidate);
      const b = Buffer.from(token);
      return a.length === b.length && timingSafeEqual(a, b);
    },
    get link() {
      return token ? `${origin}/admin/setup?token=${token}` : null;
    },
    close() {
      token = null;
    },
  };
  // The one secret the log carries, on purpose: the way to the first administrator, until one exists.
  if (gate.link) {
    logger.info(`No administrator yet. Create the first one at: ${gate.link}`, { event: "setup-link" });
  }
  return gate;
}
