import { Migrator, sql, type Kysely, type Selectable } from "kysely";
import { documentDefaults } from "#content/defaults.ts";
import { documentSchemas } from "#content/schemas.ts";
import type { DocumentKey } from "#content/sections.ts";
import type { Database } from "./schema.ts";
import { migrationProvider } from "./migrations.ts";
import { createOutboxStore, enqueueDeliveries } from "#server/contact/outbox-store.ts";
import { createMediaStore } from "#server/media/media-store.ts";
import { createBackupStore } from "#server/backup/backup-store.ts";
import type {
  Actor,
  ContactMessage,
  DocumentStore,
  RateCounterStore,
  Revision,
  SaveResult,
  Store,
  StoreDialect,
  StoredDocument,
  User,
} from "./store.ts";

/**
 * Runs pending migrations; throws with the failing migration's error. On
 * PostgreSQL `schema` names the site's schema: the migrator must look for its
 * own tables there, not in whichever schema of the database has them.
 */
export async function migrate(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/** Freezes an object graph in place, so a shared cached document cannot be changed by a reader. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function defaultsOf(key: DocumentKey): StoredDocument {
  return { key, version: 0, data: structuredClone(documentDefaults[key]), updatedAt: null, updatedBy: null };
}

/** How often (at most) a store sweeps expired counters, on the next hit after this long. */
const COUNTER_SWEEP_MS = 10 * 60 * 1000;

/**
 * Throttle counters in the database. The hit is one `insert … on conflict
 * do update … returning` (SQLite ≥ 3.35, PostgreSQL), so hits racing on any
 * number of connections or instances each count once and never past the
 * limit: the update's `where` leaves a full, still open window untouched (and
 * returns no row), and a window that has ended starts again at 1. ISO-8601
 * text compares in time order, as everywhere else in the store.
 */
function createRateCounterStore(db: Kysely<Database>): RateCounterStore {
  let nextSweep = 0;

  const peek = async (key: string, now = new Date()) => {
    const row = await db
      .selectFrom("rate_counters")
      .select(["count", "expires_at"])
      .where("key", "=", key)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirst();
    return row ? { count: Number(row.count), expiresAt: row.expires_at } : undefined;
  };

  const removeExpired = async (now = new Date()) => {
    const result = await db.deleteFrom("rate_counters").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  };

  return {
    async take(key, limit, now, expiresAt) {
      if (now.getTime() >= nextSweep) {
        nextSweep = now.getTime() + COUNTER_SWEEP_MS;
        await removeExpired(now);
      }
      const at = now.toISOString();
      if (limit >= 1) {
        const row = await db
          .insertInto("rate_counters")
          .values({ key, count: 1, window_start: at, expires_at: expiresAt.toISOString() })
          .onConflict((oc) =>
            oc
              .column("key")
              .doUpdateSet((eb) => {
                const ended = eb("rate_counters.expires_at", "<=", at);
                return {
                  count: eb.case().when(ended).then(sql.lit(1)).else(eb("rate_counters.count", "+", sql.lit(1))).end(),
                  window_start: eb.case().when(ended).then(eb.ref("excluded.window_start")).else(eb.ref("rate_counters.window_start")).end(),
                  expires_at: eb.case().when(ended).then(eb.ref("excluded.expires_at")).else(eb.ref("rate_counters.expires_at")).end(),
                };
              })
              .where((eb) => eb.or([eb("rate_counters.expires_at", "<=", at), eb("rate_counters.count", "<", limit)])),
          )
          .returning(["count", "expires_at"])
          .executeTakeFirst();
        if (row) return { counted: true, count: Number(row.count), expiresAt: row.expires_at };
      }
      // Full: nothing was counted. The window as it stands (gone only if swept or reset meanwhile).
      return { counted: false, ...((await peek(key, now)) ?? { count: limit, expiresAt: at }) };
    },
    peek,
    async reset(key) {
      await db.deleteFrom("rate_counters").where("key", "=", key).execute();
    },
    removeExpired,
  };
}

/**
 * The Store over SQLite or PostgreSQL; every query here runs on both (see
 * docs/decisions/006-postgresql.md). Current documents are cached in memory:
 * they are read on every page view and change only through a store, this
 * one or, on PostgreSQL, another instance's, which tells this one through
 * the event bus (`forget`, `resync`).
 */
export function createKyselyStore(db: Kysely<Database>, dialect: StoreDialect = "sqlite"): Store {
  const cache = new Map<DocumentKey, StoredDocument>();
  // Bumped by every invalidation: a read that started before one must not cache what it read.
  let generation = 0;
  const forget = (key?: DocumentKey) => {
    generation += 1;
    if (key) cache.delete(key);
    else cache.clear();
  };

  const toUser = (row: { id: number; email: string; created_at: string }): User => ({
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
  });

  const toMessage = (row: Selectable<Database["contact_messages"]>): ContactMessage => ({
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    message: row.message,
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    readAt: row.read_at,
    deletedAt: row.deleted_at,
  });

  const unread = async () => {
    const row = await db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("deleted_at", "is", null)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  const documentStore: DocumentStore = {
      async get(key) {
        const cached = cache.get(key);
        if (cached) return cached;
        const startedAt = generation;
        const row = await db.selectFrom("documents").selectAll().where("key", "=", key).executeTakeFirst();
        const doc: StoredDocument = row
          ? {
              key,
              version: row.version,
              data: documentSchemas[key].parse(JSON.parse(row.data)),
              updatedAt: row.updated_at,
              updatedBy: row.updated_by,
            }
          : defaultsOf(key);
        // Shared by every reader (a page view reads several documents): frozen, never copied.
        deepFreeze(doc);
        if (startedAt === generation) cache.set(key, doc);
        return doc;
      },

      async save(key, data, baseVersion, actor: Actor, restoredFrom?: number): Promise<SaveResult> {
        const result = await db.transaction().execute(async (trx): Promise<SaveResult> => {
          const version = baseVersion + 1;
          const now = new Date().toISOString();
          const json = JSON.stringify(data);
          // Compare-and-set in one statement, so concurrent saves (several
          // PostgreSQL connections or instances) cannot both win: the loser
          // matches no row, or hits the existing key, and gets the conflict.
          const written =
            baseVersion === 0
              ? await trx
                  .insertInto("documents")
                  .values({ key, version, data: json, updated_at: now, updated_by: actor })
                  .onConflict((oc) => oc.column("key").doNothing())
                  .returning("version")
                  .executeTakeFirst()
              : await trx
                  .updateTable("documents")
                  .set({ version, data: json, updated_at: now, updated_by: actor })
                  .where("key", "=", key)
                  .where("version", "=", baseVersion)
                  .returning("version")
                  .executeTakeFirst();
          if (!written) return { ok: false, conflict: defaultsOf(key) };
          await trx
            .insertInto("revisions")
            .values({ key, version, data: json, created_at: now, created_by: actor, restored_from: restoredFrom ?? null })
            .execute();
          return { ok: true, document: { key, version, data: structuredClone(data), updatedAt: now, updatedBy: actor } };
        });
        forget(key);
        if (!result.ok) return { ok: false, conflict: await documentStore.get(key) };
        return result;
      },

      forget(key) {
        forget(key);
      },

      async resync() {
        const known = new Map([...cache].map(([key, doc]) => [key, doc.version]));
        forget();
        const rows = await db.selectFrom("documents").select(["key", "version"]).execute();
        const stored = new Map(rows.map((row) => [row.key as DocumentKey, row.version]));
        return [...known]
          .filter(([key, version]) => (stored.get(key) ?? 0) !== version)
          .map(([key]) => ({ key, version: stored.get(key) ?? 0 }));
      },

      async revisions(key) {
        const rows = await db
          .selectFrom("revisions")
          .select(["version", "created_at", "created_by", "restored_from"])
          .where("key", "=", key)
          .orderBy("version", "desc")
          .execute();
        return rows.map((row) => ({
          version: row.version,
          createdAt: row.created_at,
          createdBy: row.created_by,
          restoredFrom: row.restored_from,
        }));
      },

      async revision(key, version): Promise<Revision | undefined> {
        const row = await db
          .selectFrom("revisions")
          .selectAll()
          .where("key", "=", key)
          .where("version", "=", version)
          .executeTakeFirst();
        if (!row) return undefined;
        return {
          key,
          version: row.version,
          data: JSON.parse(row.data),
          createdAt: row.created_at,
          createdBy: row.created_by,
          restoredFrom: row.restored_from,
        };
      },
  };

  return {
    dialect,
    documents: documentStore,

    users: {
      async count() {
        const row = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
        return Number(row.n);
      },
      async list() {
        const rows = await db.selectFrom("users").select(["id", "email", "created_at"]).orderBy("id").execute();
        return rows.map(toUser);
      },
      async findByEmail(email) {
        const row = await db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
        return row ? { ...toUser(row), passwordHash: row.password_hash } : undefined;
      },
      async create(email, passwordHash) {
        const row = await db
          .insertInto("users")
          .values({ email: email.trim().toLowerCase(), password_hash: passwordHash, created_at: new Date().toISOString() })
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
    },

    sessions: {
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
    },

    messages: {
      async add(input, delivery) {
        return db.transaction().execute(async (trx) => {
          const now = new Date().toISOString();
          const row = await trx
            .insertInto("contact_messages")
            .values({
              name: input.name,
              email: input.email,
              company: input.company,
              message: input.message,
              ip: input.ip,
              user_agent: input.userAgent,
              created_at: now,
              read_at: null,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          if (delivery) await enqueueDeliveries(trx, row.id, delivery, now);
          return toMessage(row);
        });
      },
      async list() {
        const rows = await db.selectFrom("contact_messages").selectAll().where("deleted_at", "is", null).orderBy("id", "desc").execute();
        return rows.map(toMessage);
      },
      async search({ query, offset, limit }) {
        const text = query?.trim() ?? "";
        let base = db.selectFrom("contact_messages").where("deleted_at", "is", null);
        if (text) {
          const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
          // Case-insensitive on both: SQLite's `like` ignores (ASCII) case; PostgreSQL's needs `ilike`.
          const like = dialect === "postgres" ? "ilike" : "like";
          base = base.where((eb) =>
            eb.or(
              (["name", "email", "company", "message"] as const).map((column) =>
                eb(column, like, sql<string>`${pattern} escape '\\'`),
              ),
            ),
          );
        }
        const [rows, total, unreadCount] = await Promise.all([
          base.selectAll().orderBy("id", "desc").limit(limit).offset(offset).execute(),
          base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
          unread(),
        ]);
        return { messages: rows.map(toMessage), total: Number(total.n), unreadCount };
      },
      async get(id) {
        const row = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
        return row ? toMessage(row) : undefined;
      },
      unreadCount: unread,
      async setRead(id, read, at = new Date()) {
        const result = await db
          .updateTable("contact_messages")
          .set({ read_at: read ? at.toISOString() : null })
          .where("id", "=", id)
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      },
      async softDelete(id, at = new Date()) {
        const deletedAt = at.toISOString();
        const result = await db
          .updateTable("contact_messages")
          .set({ deleted_at: deletedAt })
          .where("id", "=", id)
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? deletedAt : undefined;
      },
      async restore(id) {
        const result = await db
          .updateTable("contact_messages")
          .set({ deleted_at: null })
          .where("id", "=", id)
          .where("deleted_at", "is not", null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      },
      async purgeDeleted(before) {
        return db.transaction().execute(async (trx) => {
          const doomed = trx.selectFrom("contact_messages").select("id").where("deleted_at", "<", before.toISOString());
          await trx.deleteFrom("deliveries").where("message_id", "in", doomed).execute();
          const result = await trx.deleteFrom("contact_messages").where("deleted_at", "<", before.toISOString()).executeTakeFirst();
          return Number(result.numDeletedRows);
        });
      },
    },

    outbox: createOutboxStore(db),
    media: createMediaStore(db),
    rateCounters: createRateCounterStore(db),
    backup: createBackupStore(db, dialect),

    async ping() {
      await db.selectFrom("users").select("id").limit(1).execute();
      return true;
    },

    async close() {
      await db.destroy();
    },
  };
}
