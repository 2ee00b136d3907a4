import type { Kysely, Transaction } from "kysely";
import { mayInvite } from "#content/invitations.ts";
import { isRole, type Role } from "#content/roles.ts";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import { closeInvitationsTo, revokeSentBy } from "./invitations/store.ts";
import type { InvitationTables } from "./invitations/types.ts";
import type { TwoFactorTables } from "./two-factor/types.ts";
import type { AuthTables, SessionStore, User, UserStore } from "./types.ts";

/** A stored role this code does not know (a newer version's) gives its account no more than a Writer's. */
const roleOf = (stored: string): Role => (isRole(stored) ? stored : "writer");

const toUser = (row: { id: number; email: string; created_at: string; role: string }): User => ({
  id: row.id,
  email: row.email,
  createdAt: row.created_at,
  role: roleOf(row.role),
});

/**
 * Every account's id and role, locked on PostgreSQL so that two administrators demoting or removing
 * each other at once cannot leave none. (SQLite has one writer at a time and no `for update`.)
 */
async function lockedRoles(trx: Transaction<UserTables>, dialect: SqlDialect) {
  const query = trx.selectFrom("users").select(["id", "role"]);
  return (dialect === "postgres" ? query.forUpdate() : query).execute();
}

/** The accounts' tables, with the invitations their changes close or revoke. */
type UserTables = AuthTables & InvitationTables;

/**
 * The invitations' part of a transaction on accounts (the same connection, typed with the
 * invitations' tables only: Kysely's types are invariant, so this narrowing is a cast).
 */
const invitationsOf = (trx: Transaction<UserTables>) => trx as unknown as Transaction<InvitationTables>;

/**
 * Accounts; emails are stored lower-case and unique. Making an account closes the open invitation
 * to its email; removing one, or giving it a role that may not invite, revokes the invitations it
 * sent (#content/invitations.ts), in the same transaction.
 */
export function createUserStore(db: Kysely<UserTables>, dialect: SqlDialect): UserStore {
  return {
    async count() {
      const row = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async list() {
      const rows = await db.selectFrom("users").select(["id", "email", "created_at", "role"]).orderBy("id").execute();
      return rows.map(toUser);
    },
    async findByEmail(email) {
      const row = await db
        .selectFrom("users")
        .selectAll()
        .where("email", "=", email.trim().toLowerCase())
        .executeTakeFirst();
      return row ? { ...toUser(row), passwordHash: row.password_hash } : undefined;
    },
    async create(email, passwordHash, role = "administrator") {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("users")
          .values({
            email: email.trim().toLowerCase(),
            password_hash: passwordHash,
            created_at: new Date().toISOString(),
            role,
          })
          .onConflict((oc) => oc.column("email").doNothing())
          .returning(["id", "email", "created_at", "role"])
          .executeTakeFirst();
        if (!row) return undefined;
        await closeInvitationsTo(invitationsOf(trx), row.email);
        return toUser(row);
      });
    },
    async setPassword(userId, passwordHash) {
      await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
    },
    async remove(userId) {
      await db.deleteFrom("users").where("id", "=", userId).execute();
    },
    async findById(userId) {
      const row = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
      return row ? { ...toUser(row), passwordHash: row.password_hash } : undefined;
    },
    async removeUnlessLast(userId) {
      return db.transaction().execute(async (trx) => {
        const users = await lockedRoles(trx, dialect);
        const user = users.find((candidate) => candidate.id === userId);
        if (!user) return "missing";
        if (isLastAdministrator(users, user)) return "last";
        await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
        await trx.deleteFrom("users").where("id", "=", userId).execute();
        return { result: "removed", revokedInvitations: await revokeSentBy(invitationsOf(trx), userId) };
      });
    },
    async setRoleUnlessLast(userId, role) {
      return db.transaction().execute(async (trx) => {
        const users = await lockedRoles(trx, dialect);
        const user = users.find((candidate) => candidate.id === userId);
        if (!user) return "missing";
        if (role !== "administrator" && isLastAdministrator(users, user)) return "last";
        const row = await trx
          .updateTable("users")
          .set({ role })
          .where("id", "=", userId)
          .returning(["id", "email", "created_at", "role"])
          .executeTakeFirstOrThrow();
        const revokedInvitations = mayInvite(role) ? [] : await revokeSentBy(invitationsOf(trx), userId);
        return { result: roleOf(user.role) === role ? "unchanged" : "changed", user: toUser(row), revokedInvitations };
      });
    },
  };
}

/** Whether `user` is the only Administrator among `users`. */
const isLastAdministrator = (users: { id: number; role: string }[], user: { id: number; role: string }) =>
  roleOf(user.role) === "administrator" &&
  !users.some((other) => other.id !== user.id && roleOf(other.role) === "administrator");

/** Sessions with their user; expired ones are never found and are swept by the server. */
export function createSessionStore(db: Kysely<AuthTables & Pick<TwoFactorTables, "two_factor_policy">>): SessionStore {
  return {
    async create(id, userId, expiresAt, userAgent = null) {
      const now = new Date().toISOString();
      await db
        .insertInto("sessions")
        .values({
          id,
          user_id: userId,
          created_at: now,
          expires_at: expiresAt.toISOString(),
          // Kept short: it only labels the session for its owner.
          user_agent: userAgent?.slice(0, 500) ?? null,
          last_seen_at: now,
          confirmed_at: now,
        })
        .execute();
    },
    async find(id, now = new Date()) {
      const row = await db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.user_id")
        .leftJoin("two_factor_policy", "two_factor_policy.role", "users.role")
        .select([
          "users.totp_enabled_at",
          "two_factor_policy.required",
          "sessions.id",
          "sessions.expires_at",
          "sessions.created_at as session_created_at",
          "sessions.user_agent",
          "sessions.last_seen_at",
          "sessions.confirmed_at",
          "users.id as user_id",
          "users.email",
          "users.created_at",
          "users.role",
        ])
        .where("sessions.id", "=", id)
        .where("sessions.expires_at", ">", now.toISOString())
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...sessionOf({ ...row, created_at: row.session_created_at }),
        user: toUser({ id: row.user_id, email: row.email, created_at: row.created_at, role: row.role }),
        twoFactorMissing: Number(row.required ?? 0) === 1 && !row.totp_enabled_at,
      };
    },
    async remove(id) {
      await db.deleteFrom("sessions").where("id", "=", id).execute();
    },
    async removeForUser(userId) {
      await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
    },
    async removeOthersForUser(userId, keepId) {
      await db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "!=", keepId).execute();
    },
    async removeExpired(now = new Date()) {
      const result = await db.deleteFrom("sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async listForUser(userId, now = new Date()) {
      const rows = await db
        .selectFrom("sessions")
        .select(["id", "expires_at", "created_at", "user_agent", "last_seen_at", "confirmed_at"])
        .where("user_id", "=", userId)
        .where("expires_at", ">", now.toISOString())
        .execute();
      return rows.map(sessionOf).sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
    },
    async touch(id, at) {
      await db.updateTable("sessions").set({ last_seen_at: at.toISOString() }).where("id", "=", id).execute();
    },
    async confirm(id, at) {
      await db.updateTable("sessions").set({ confirmed_at: at.toISOString() }).where("id", "=", id).execute();
    },
  };
}

/** A session row as the app reads it: one from before 0019-sessions-audit was last seen when it started. */
const sessionOf = (row: {
  id: string;
  expires_at: string;
  created_at: string;
  user_agent: string | null;
  last_seen_at: string | null;
  confirmed_at: string | null;
}) => ({
  id: row.id,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  userAgent: row.user_agent,
  lastSeenAt: row.last_seen_at ?? row.created_at,
  confirmedAt: row.confirmed_at,
});
