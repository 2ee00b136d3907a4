import type { Kysely } from "kysely";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import type { AuthTables, SessionStore, User, UserStore } from "./types.ts";

const toUser = (row: { id: number; email: string; created_at: string }): User => ({
  id: row.id,
  email: row.email,
  createdAt: row.created_at,
});

/** Administrators; emails are stored lower-case and unique. */
export function createUserStore(db: Kysely<AuthTables>, dialect: SqlDialect): UserStore {
  return {
    async count() {
      const row = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async list() {
      const rows = await db.selectFrom("users").select(["id", "email", "created_at"]).orderBy("id").execute();
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
    async create(email, passwordHash) {
      const row = await db
        .insertInto("users")
        .values({
          email: email.trim().toLowerCase(),
          password_hash: passwordHash,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returning(["id", "email", "created_at"])
        .executeTakeFirst();
      return row ? toUser(row) : undefined;
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
        // PostgreSQL: lock the rows, so two admins removing each other at once cannot leave none.
        // (SQLite has one writer at a time and no `for update`.)
        const query = trx.selectFrom("users").select("id");
        const users = await (dialect === "postgres" ? query.forUpdate() : query).execute();
        if (!users.some((user) => user.id === userId)) return "missing";
        if (users.length <= 1) return "last";
        await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
        await trx.deleteFrom("users").where("id", "=", userId).execute();
        return "removed";
      });
    },
  };
}

/** Sessions with their user; expired ones are never found and are swept by the server. */
export function createSessionStore(db: Kysely<AuthTables>): SessionStore {
  return {
    async create(id, userId, expiresAt) {
      await db
        .insertInto("sessions")
        .values({ id, user_id: userId, created_at: new Date().toISOString(), expires_at: expiresAt.toISOString() })
        .execute();
    },
    async find(id, now = new Date()) {
      const row = await db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.user_id")
        .select(["sessions.id", "sessions.expires_at", "users.id as user_id", "users.email", "users.created_at"])
        .where("sessions.id", "=", id)
        .where("sessions.expires_at", ">", now.toISOString())
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        expiresAt: row.expires_at,
        user: { id: row.user_id, email: row.email, createdAt: row.created_at },
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
  };
}
