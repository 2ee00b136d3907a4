import type { Kysely } from "kysely";
import type { Passkey } from "#content/passkeys.ts";
import type { ChallengePurpose, PasskeyStore, PasskeyTables } from "./types.ts";

/** At most this many challenges wait at once: asking for options cannot fill the database. */
const MAX_WAITING_CHALLENGES = 10_000;

const listed = (row: { id: string; name: string; created_at: string; last_used_at: string | null }): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

function transportsOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** Passkeys and their challenges, on SQLite and PostgreSQL alike. */
export function createPasskeyStore(db: Kysely<PasskeyTables>): PasskeyStore {
  return {
    async addChallenge(challenge, purpose, userId, expiresAt) {
      await db.deleteFrom("passkey_challenges").where("expires_at", "<=", new Date().toISOString()).execute();
      const waiting = await db
        .selectFrom("passkey_challenges")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(waiting.n) >= MAX_WAITING_CHALLENGES) return false;
      await db
        .insertInto("passkey_challenges")
        .values({ challenge, purpose, user_id: userId, expires_at: expiresAt.toISOString() })
        .execute();
      return true;
    },
    async takeChallenge(challenge, purpose: ChallengePurpose, userId, now = new Date()) {
      // One statement: two requests with the same answer at once cannot both use it.
      const result = await db
        .deleteFrom("passkey_challenges")
        .where("challenge", "=", challenge)
        .where("purpose", "=", purpose)
        .where("expires_at", ">", now.toISOString())
        .where((eb) => (userId === null ? eb("user_id", "is", null) : eb("user_id", "=", userId)))
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async add(passkey) {
      const result = await db
        .insertInto("passkeys")
        .values({
          id: passkey.id,
          user_id: passkey.userId,
          public_key: Buffer.from(passkey.publicKey).toString("base64url"),
          counter: passkey.counter,
          transports: JSON.stringify(passkey.transports),
          name: passkey.name,
          device_type: passkey.deviceType,
          backed_up: passkey.backedUp ? 1 : 0,
          created_at: new Date().toISOString(),
          last_used_at: null,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async list(userId) {
      const rows = await db
        .selectFrom("passkeys")
        .select(["id", "name", "created_at", "last_used_at"])
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .orderBy("id")
        .execute();
      return rows.map(listed);
    },
    async find(id) {
      const row = await db.selectFrom("passkeys").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      return {
        ...listed(row),
        userId: Number(row.user_id),
        publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
        counter: Number(row.counter),
        transports: transportsOf(row.transports),
      };
    },
    async count(userId) {
      const row = await db
        .selectFrom("passkeys")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async rename(userId, id, name) {
      const result = await db
        .updateTable("passkeys")
        .set({ name })
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async remove(userId, id) {
      const result = await db
        .deleteFrom("passkeys")
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async removeAll(userId) {
      const result = await db.deleteFrom("passkeys").where("user_id", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async use(id, counter, at) {
      const result = await db
        .updateTable("passkeys")
        .set({ counter, last_used_at: at.toISOString() })
        .where("id", "=", id)
        // A counter of 0 both times: an authenticator that keeps none. Otherwise it must have grown.
        .where("counter", counter === 0 ? "=" : "<", counter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
