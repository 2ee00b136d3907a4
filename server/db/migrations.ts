import {
  Migrator,
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from "kysely";
import { fillLeadPages } from "#server/contact/message-store.ts";
import type { ContactTables } from "#server/contact/types.ts";
import type { Logger } from "#server/logger.ts";
import { referToImagesByFile, referToImagesById } from "#server/media/references.ts";
import type { Database } from "./schema.ts";

/** Whether the migration runs on PostgreSQL (else SQLite). */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A generated integer primary key: `integer primary key autoincrement` on
 * SQLite (exactly what the shipped migrations always made there), an identity
 * column on PostgreSQL (which has no `autoincrement`). Rows restored from a
 * backup bring their ids; server/backup/store.ts moves the identity on.
 */
const generatedId = (db: Kysely<unknown>) => (c: ColumnDefinitionBuilder) =>
  isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

/**
 * Migrations live in code (not files on disk) so the bundled server carries
 * them. Append new ones; never edit one that has shipped (what SQLite gets
 * from them must stay byte for byte the same). They run on SQLite and on
 * PostgreSQL: use `generatedId` for generated keys, `text` (ISO-8601 dates,
 * JSON) and `integer` columns only (bytes alone are binary: 0016-media-files).
 */
const migrations: Record<string, Migration> = {
  "0001-initial": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("documents")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "text")
        .execute();
      await db.schema
        .createTable("revisions")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("created_by", "text")
        .addColumn("restored_from", "integer")
        .addUniqueConstraint("revisions_key_version", ["key", "version"])
        .execute();
      await db.schema
        .createTable("users")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
      await db.schema
        .createTable("contact_messages")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("company", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("ip", "text")
        .addColumn("user_agent", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("read_at", "text")
        .execute();
      await db.schema.createIndex("contact_messages_created").on("contact_messages").column("created_at").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["contact_messages", "sessions", "users", "revisions", "documents"]) {
        await sql`drop table if exists ${sql.table(table)}`.execute(db);
      }
    },
  },
  "0002-owner": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("contact_messages").addColumn("deleted_at", "text").execute();
      await db.schema
        .createTable("deliveries")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("message_id", "integer", (c) => c.notNull().references("contact_messages.id").onDelete("cascade"))
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("claimed_until", "text")
        .addColumn("last_error", "text")
        .addColumn("sent_at", "text")
        .addColumn("origin", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("deliveries_message_channel", ["message_id", "channel"])
        .execute();
      await db.schema.createIndex("deliveries_due").on("deliveries").columns(["status", "next_attempt_at"]).execute();
      await db.schema
        .createTable("media")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("format", "text", (c) => c.notNull())
        .addColumn("bytes", "integer", (c) => c.notNull())
        .addColumn("files", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("created_by", "text")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists media`.execute(db);
      await sql`drop table if exists deliveries`.execute(db);
      await db.schema.alterTable("contact_messages").dropColumn("deleted_at").execute();
    },
  },
  "0003-rate-counters": {
    // Throttle counts (sign-in, contact form, AI), shared by every instance and kept across restarts.
    // One row per key: its window opened at `window_start` and holds `count` hits until `expires_at`.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("rate_counters")
        .addColumn("key", "text", (c) => c.notNull().primaryKey())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("window_start", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("rate_counters_expires").on("rate_counters").column("expires_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists rate_counters`.execute(db);
    },
  },
  "0004-posts": {
    // Blog posts as records of their own (issue 16): the current post, every version of it, and
    // the addresses it had before a rename. Posts move in from the blog document at start
    // (server/posts/move-in.ts), not here, so a backup restores into these empty tables.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("posts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("title", "text", (c) => c.notNull())
        // Lower-cased title and excerpt, matched by the admin's search (same on both databases).
        .addColumn("search", "text", (c) => c.notNull())
        .addColumn("date", "text", (c) => c.notNull())
        // The post's own updatedAt as UTC ISO text ("" when none): newest first is date, then this.
        .addColumn("sort_updated", "text", (c) => c.notNull())
        // Creation order: the last tie-break (older first, as the list's stored order was).
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("featured", "integer", (c) => c.notNull())
        // What a card shows (JSON, no body), so lists never read the posts' content.
        .addColumn("summary", "text", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "text")
        .execute();
      await db.schema
        .createIndex("posts_newest")
        .on("posts")
        .columns(["date desc", "sort_updated desc", "position"])
        .execute();
      // The sitemap's every address, read from the index alone (not the large rows).
      await db.schema
        .createIndex("posts_addresses")
        .on("posts")
        .columns(["date desc", "sort_updated desc", "position", "slug", "updated_at"])
        .execute();
      await db.schema
        .createIndex("posts_featured")
        .on("posts")
        .columns(["featured", "date desc", "sort_updated desc", "position"])
        .execute();
      await db.schema
        .createTable("post_revisions")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("post_id", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("created_by", "text")
        .addColumn("restored_from", "integer")
        .addUniqueConstraint("post_revisions_post_version", ["post_id", "version"])
        .execute();
      await db.schema
        .createTable("post_addresses")
        .addColumn("slug", "text", (c) => c.primaryKey())
        .addColumn("post_id", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("post_addresses_post").on("post_addresses").column("post_id").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["post_addresses", "post_revisions", "posts"]) {
        await sql`drop table if exists ${sql.table(table)}`.execute(db);
      }
    },
  },
  "0005-post-status": {
    // Drafts and scheduled posts (issue 13): a post is public when it is published and its
    // publish time (UTC ISO text, null for none) has come. Existing posts are published.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("posts")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
        .execute();
      await db.schema.alterTable("posts").addColumn("publish_at", "text").execute();
      // The sitemap reads every public address from the index alone, as before.
      await db.schema.dropIndex("posts_addresses").execute();
      await db.schema
        .createIndex("posts_public_addresses")
        .on("posts")
        .columns(["date desc", "sort_updated desc", "position", "slug", "updated_at", "status", "publish_at"])
        .execute();
      // The scheduler's next publication.
      await db.schema.createIndex("posts_publish_at").on("posts").columns(["publish_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("posts_publish_at").execute();
      await db.schema.dropIndex("posts_public_addresses").execute();
      await db.schema
        .createIndex("posts_addresses")
        .on("posts")
        .columns(["date desc", "sort_updated desc", "position", "slug", "updated_at"])
        .execute();
      await db.schema.alterTable("posts").dropColumn("publish_at").execute();
      await db.schema.alterTable("posts").dropColumn("status").execute();
    },
  },
  "0006-preview-drafts": {
    // Unsaved admin edits stored for preview (issue 13, server/previews/): here, not in one
    // process's memory, so every instance renders the same draft. Transient: not backed up.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("preview_drafts")
        .addColumn("token", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("preview_drafts_updated").on("preview_drafts").column("updated_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists preview_drafts`.execute(db);
    },
  },
  "0008-conversations": {
    // The public chat's conversations, kept for staff for the days the AI tab says (issue 14).
    // Nothing that identifies a visitor: no address, no user agent.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("chat_conversations")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("started_at", "text", (c) => c.notNull())
        .addColumn("last_at", "text", (c) => c.notNull())
        .addColumn("page", "text", (c) => c.notNull())
        .addColumn("questions", "integer", (c) => c.notNull())
        .addColumn("unanswered", "integer", (c) => c.notNull())
        .addColumn("first_question", "text", (c) => c.notNull())
        .addColumn("search", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("chat_conversations_last").on("chat_conversations").column("last_at").execute();
      await db.schema
        .createTable("chat_messages")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("conversation_id", "text", (c) =>
          c.notNull().references("chat_conversations.id").onDelete("cascade"),
        )
        .addColumn("sender", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("answered", "integer")
        .execute();
      await db.schema
        .createIndex("chat_messages_conversation")
        .on("chat_messages")
        .columns(["conversation_id", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["chat_messages", "chat_conversations"]) {
        await sql`drop table if exists ${sql.table(table)}`.execute(db);
      }
    },
  },
  "0009-message-source": {
    // Contact messages say where they came from: the Contact form, or a lead left in the chat
    // (issue 14). Named after 0008 because migrations run in name order and 0008 has shipped.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("contact_messages")
        .addColumn("source", "text", (c) => c.notNull().defaultTo("form"))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("contact_messages").dropColumn("source").execute();
    },
  },
  "0010-analytics": {
    // Insights (issue 15, server/insights/): counted page views, no cookie and no address.
    // (0010: 0009 is the contact messages' source.)
    // analytics_events: one row per visitor, page, source and device seen in a batch (`views` of
    // them), dated in the site's time zone; deleted after 30 days. analytics_daily: the rollup,
    // one row per day and dimension value (`kind` total/page/source/campaign/device), kept.
    // analytics_salts: each day's random salt of the visitor hash, deleted once the day is over.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("analytics_events")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("visitor", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("source", "text")
        .addColumn("campaign", "text")
        .addColumn("device", "text", (c) => c.notNull())
        .addColumn("views", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("analytics_events_day").on("analytics_events").column("day").execute();
      await db.schema
        .createTable("analytics_daily")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("visitors", "integer", (c) => c.notNull())
        .addColumn("pageviews", "integer", (c) => c.notNull())
        .addUniqueConstraint("analytics_daily_kind_day_key", ["kind", "day", "key"])
        .execute();
      // Reports read the counts from the index alone.
      await db.schema
        .createIndex("analytics_daily_report")
        .on("analytics_daily")
        .columns(["kind", "day", "key", "visitors", "pageviews"])
        .execute();
      await db.schema
        .createTable("analytics_salts")
        .addColumn("day", "text", (c) => c.primaryKey())
        .addColumn("salt", "text", (c) => c.notNull())
        .execute();
      // The dashboard counts chats started per day.
      await db.schema.createIndex("chat_conversations_started").on("chat_conversations").column("started_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("chat_conversations_started").execute();
      for (const table of ["analytics_salts", "analytics_daily", "analytics_events"]) {
        await sql`drop table if exists ${sql.table(table)}`.execute(db);
      }
    },
  },
  "0011-post-sort-time": {
    // Posts without an updatedAt of their own (sent through the API) had "" as sort_updated and
    // sorted below every other post of their date, oldest first. Now it is when they are
    // published, or else when their record was created (server/posts/store.ts, which also fills
    // in posts restored from a backup taken before this).
    async up(db: Kysely<unknown>) {
      await sql`update posts set sort_updated = coalesce(publish_at, created_at) where sort_updated = ''`.execute(db);
    },
    async down() {
      // Nothing to undo: earlier code sorts by these times as by any post's own updatedAt.
    },
  },
  "0012-secrets": {
    // Secrets the server makes once per database, shared by every instance on it (not backed up):
    // the key of the throttle counters' hashes (server/lib/rate-counter-store.ts). Counter rows
    // now hold a keyed hash of their key, never an address: rows keyed the old way are dropped
    // (their windows start again).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("secrets")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
      await sql`delete from rate_counters`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists secrets`.execute(db);
    },
  },
  "0013-message-page": {
    // The page a message was sent on, in a column of its own: a chat lead's page was written into
    // its text and read back with a pattern for Insights. Leads already stored get the page their
    // text names ("" when none); the Contact form's keep null (they were all sent on /contact).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("contact_messages").addColumn("page", "text").execute();
      await fillLeadPages(db as Kysely<ContactTables>);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("contact_messages").dropColumn("page").execute();
    },
  },
  "0014-post-translations": {
    // Posts in Sinhala and Tamil (issue 25): a translation is a record of its own (texts, status,
    // publish time, address), with its versions and the addresses it had before a rename, in that
    // language. Each table's first column is its key (the backup dumps rows in its order):
    // `<post id>:<locale>` as for the documents' translations, `<locale>:<slug>` for an address.
    // The built-in posts' translations are written at start (server/posts/move-in.ts), not here.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("post_translations")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("post_id", "text", (c) => c.notNull())
        .addColumn("locale", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("publish_at", "text")
        // The texts a card shows ("" where the English one shows), so lists never read the bodies.
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("excerpt", "text", (c) => c.notNull())
        .addColumn("search", "text", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "text")
        .execute();
      await db.schema
        .createIndex("post_translations_post")
        .on("post_translations")
        .columns(["post_id", "locale"])
        .unique()
        .execute();
      await db.schema
        .createIndex("post_translations_slug")
        .on("post_translations")
        .columns(["locale", "slug"])
        .unique()
        .execute();
      // A language's public posts, and the scheduler's next publication.
      await db.schema
        .createIndex("post_translations_public")
        .on("post_translations")
        .columns(["locale", "status", "publish_at"])
        .execute();
      await db.schema
        .createTable("post_translation_revisions")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("post_id", "text", (c) => c.notNull())
        .addColumn("locale", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("created_by", "text")
        .addColumn("restored_from", "integer")
        .addUniqueConstraint("post_translation_revisions_version", ["post_id", "locale", "version"])
        .execute();
      await db.schema
        .createTable("post_translation_addresses")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("locale", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("post_id", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("post_translation_addresses_post")
        .on("post_translation_addresses")
        .columns(["post_id", "locale"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["post_translation_addresses", "post_translation_revisions", "post_translations"]) {
        await sql`drop table if exists ${sql.table(table)}`.execute(db);
      }
    },
  },
  "0015-conversation-locale": {
    // The language a chat conversation was answered in (issue 26): "en", "si" or "ta". Those kept
    // before were all answered in English.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("chat_conversations")
        .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("chat_conversations").dropColumn("locale").execute();
    },
  },
  "0016-media-files": {
    // Images' files in the database (MEDIA_STORAGE=database, issue 27; server/media/storage.ts), so that
    // instances on one PostgreSQL database need no shared folder. The bytes are the one binary column:
    // BLOB on SQLite, bytea on PostgreSQL. No foreign key to `media`: files are stored before their
    // record (an upload, a restore), as they are in the folder. Filled by uploads and restores only.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("media_files")
        .addColumn("media_id", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("data", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
        .addPrimaryKeyConstraint("media_files_pk", ["media_id", "name"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists media_files`.execute(db);
    },
  },
  "0017-user-roles": {
    // Roles (issue 28, content/roles.ts): every account made before them could do everything, so
    // each becomes an Administrator. A post records the account that created it (its id; none for
    // the posts written before), which is all a Writer may edit.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("users")
        .addColumn("role", "text", (c) => c.notNull().defaultTo("administrator"))
        .execute();
      await db.schema.alterTable("posts").addColumn("created_by", "integer").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("posts").dropColumn("created_by").execute();
      await db.schema.alterTable("users").dropColumn("role").execute();
    },
  },
  "0019-sessions-audit": {
    // "Your sessions", the audit trail and re-confirming sensitive actions (issue 28 items 5–7). A
    // session's browser (its User-Agent), when it was last used (written at most once a minute) and
    // when its password was last confirmed; sessions from before have none of them, so they show as
    // an unknown browser and must confirm before a sensitive action. The audit trail keeps the actor's
    // email as it was (an account removed later still shows), and the filters' columns are indexed.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
      await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
      await db.schema.alterTable("sessions").addColumn("confirmed_at", "text").execute();
      await db.schema
        .createTable("audit_events")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("actor_id", "integer")
        .addColumn("actor_email", "text")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target_kind", "text")
        .addColumn("target_key", "text")
        .addColumn("target_id", "text")
        .addColumn("revision", "integer")
        .addColumn("detail", "text")
        .execute();
      await db.schema.createIndex("audit_events_at").on("audit_events").column("at").execute();
      await db.schema.createIndex("audit_events_actor").on("audit_events").columns(["actor_email", "at"]).execute();
      await db.schema.createIndex("audit_events_action").on("audit_events").columns(["action", "at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists audit_events`.execute(db);
      await db.schema.alterTable("sessions").dropColumn("confirmed_at").execute();
      await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
      await db.schema.alterTable("sessions").dropColumn("user_agent").execute();
    },
  },
  "0020-media-library": {
    // The media library (issue 27): each image's display name (its file's, cleaned; the id for those
    // uploaded before), alt text per language (JSON {en, si, ta}), the decorative mark, the search
    // text, and versions: a replaced file's new variants get new names (`v2-960.webp`) and the
    // earlier ones stay listed in `retired_files`, so older revisions still show what they showed.
    async up(db: Kysely<unknown>) {
      const columns: [string, "text" | "integer", string | number][] = [
        ["name", "text", ""],
        ["alt", "text", "{}"],
        ["search", "text", ""],
        ["decorative", "integer", 0],
        ["version", "integer", 1],
        ["retired_files", "text", "[]"],
        ["updated_at", "text", ""],
      ];
      for (const [name, type, fallback] of columns)
        await db.schema
          .alterTable("media")
          .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
          .execute();
      await sql`update media set name = id, search = id, updated_at = created_at`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const name of ["updated_at", "retired_files", "version", "decorative", "search", "alt", "name"])
        await db.schema.alterTable("media").dropColumn(name).execute();
    },
  },
  "0018-two-factor": {
    // Two-factor sign-in (issue 28; server/auth/two-factor/): an account's TOTP secret (encrypted),
    // the one shown for enrolment until it is confirmed, when it was turned on, and the time step
    // of the last code accepted (a code is refused a second time); the one-time recovery codes,
    // hashed; and which roles must use it (a role without a row need not).
    async up(db: Kysely<unknown>) {
      for (const column of ["totp_secret", "totp_pending_secret", "totp_enabled_at"])
        await db.schema.alterTable("users").addColumn(column, "text").execute();
      await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
      await db.schema
        .createTable("two_factor_recovery_codes")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createIndex("two_factor_recovery_codes_user")
        .on("two_factor_recovery_codes")
        .column("user_id")
        .execute();
      await db.schema
        .createTable("two_factor_policy")
        .addColumn("role", "text", (c) => c.primaryKey())
        .addColumn("required", "integer", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists two_factor_policy`.execute(db);
      await sql`drop table if exists two_factor_recovery_codes`.execute(db);
      for (const column of ["totp_last_step", "totp_enabled_at", "totp_pending_secret", "totp_secret"])
        await db.schema.alterTable("users").dropColumn(column).execute();
    },
  },
  "0021-invitations": {
    // Invitations (issue 28 item 2; server/auth/invitations/): the token as its SHA-256 (lookups) and
    // sealed with this database's key (the admin's "Copy link"); at most one open invitation per
    // address (a new one replaces it). Account mails: the outbox's second queue (server/contact/outbox.ts),
    // with the deliveries' queue columns and the kind and id of what each mail is about.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("invitations")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("sealed_token", "text", (c) => c.notNull())
        .addColumn("invited_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("accepted_at", "text")
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema
        .createIndex("invitations_open_email")
        .on("invitations")
        .column("email")
        .unique()
        .where(sql.ref("accepted_at"), "is", null)
        .where(sql.ref("revoked_at"), "is", null)
        .execute();
      await db.schema
        .createTable("account_mails")
        .addColumn("id", "integer", generatedId(db))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("ref_id", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("claimed_until", "text")
        .addColumn("last_error", "text")
        .addColumn("sent_at", "text")
        .addColumn("origin", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("account_mails_due")
        .on("account_mails")
        .columns(["status", "next_attempt_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists account_mails`.execute(db);
      await sql`drop table if exists invitations`.execute(db);
    },
  },
  "0022-passkeys": {
    // Passkeys (issue 28 item 4; server/auth/passkeys/): by credential id, the public key as base64url
    // text (public, and text backs up as every column does), the signature counter and what the
    // authenticator said of itself; gone with their account. Challenges: a few minutes, used once.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("passkeys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("public_key", "text", (c) => c.notNull())
        .addColumn("counter", "bigint", (c) => c.notNull())
        .addColumn("transports", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("device_type", "text", (c) => c.notNull())
        .addColumn("backed_up", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_used_at", "text")
        .execute();
      await db.schema.createIndex("passkeys_user").on("passkeys").column("user_id").execute();
      await db.schema
        .createTable("passkey_challenges")
        .addColumn("challenge", "text", (c) => c.primaryKey())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("user_id", "integer")
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists passkey_challenges`.execute(db);
      await sql`drop table if exists passkeys`.execute(db);
    },
  },
  "0023-post-review": {
    // "In review" (issue 28): a draft a Writer asked an Editor to look at. The mark lives in the
    // post's (or translation's) data; this column copies it so the admin's list can filter and count
    // the posts waiting without reading every body. Every post stored before is not in review.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("posts")
        .addColumn("review", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("post_translations")
        .addColumn("review", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("post_translations").dropColumn("review").execute();
      await db.schema.alterTable("posts").dropColumn("review").execute();
    },
  },
  "0024-translated-image-alt": {
    // A post's cover may have its own alt text (issue 27), translated like its title: a card in a
    // language shows the translation's, so the row copies it beside the title and the excerpt ("" where
    // English shows). No translation stored before had one.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("post_translations")
        .addColumn("image_alt", "text", (c) => c.notNull().defaultTo(""))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("post_translations").dropColumn("image_alt").execute();
    },
  },
  "0025-close-invitations-to-accounts": {
    // An invitation to an address that has an account is closed now when the account is made
    // (server/auth/invitations/store.ts): those made before stayed open, and would work again if
    // that account were removed within their 7 days. They are revoked, their queued e-mails dropped.
    // (Those whose sender is gone or may no longer invite need nothing: every read checks the sender.)
    async up(db: Kysely<unknown>) {
      const at = new Date().toISOString();
      const closed = await sql<{ id: number }>`update invitations set revoked_at = ${at}
        where accepted_at is null and revoked_at is null and email in (select email from users)
        returning id`.execute(db);
      for (const { id } of closed.rows)
        await sql`delete from account_mails where kind = 'invitation' and status = 'pending' and ref_id = ${id}`.execute(
          db,
        );
    },
    async down() {
      // Nothing to undo: earlier code refuses an invitation to an address with an account as well.
    },
  },
  "0026-images-by-id": {
    // Content refers to an image by its id (issue 39; docs/decisions/027-images-by-id.md): every
    // text that is exactly an upload's file address (`/media/<id>/960.webp`) becomes `/media/<id>`,
    // in the documents, their translations, the posts and their translations, and every revision of
    // them; pages resolve it to the image's files as they are read. No table changes. Down: each
    // becomes its image's main file's address again, as the version before read them.
    async up(db: Kysely<unknown>) {
      await referToImagesById(db);
    },
    async down(db: Kysely<unknown>) {
      await referToImagesByFile(db);
    },
  },
  "0027-media-uploader-id": {
    // Whose upload an image is was told by the uploader's email (a Writer names and describes only
    // their own): an account removed and made again with the same email would have inherited them.
    // It is the account's id now, as for posts (#content/access.ts `ownership`); the email stays
    // for the library to show. An upload whose account is gone is nobody's.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("media").addColumn("uploaded_by", "integer").execute();
      await fillMediaUploaders(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("media").dropColumn("uploaded_by").execute();
    },
  },
};

/** Each image's uploader's account id, from the email it was uploaded by (migration 0027). */
const fillMediaUploaders = (db: Kysely<unknown>) =>
  sql`update media set uploaded_by = (select users.id from users where users.email = media.created_by)
    where uploaded_by is null`.execute(db);

/**
 * Data steps of migrations, run again on the rows of a backup taken before them: a backup is
 * restored into a site this version has already migrated (server/backup/store.ts), so its rows are
 * as the older version wrote them. Keyed by migration. (Doing it at every start instead would read
 * every revision each time.)
 */
const restoredRowSteps: Partial<Record<string, (db: Kysely<unknown>) => Promise<unknown>>> = {
  "0026-images-by-id": referToImagesById,
  "0027-media-uploader-id": fillMediaUploaders,
};

/** Brings the rows of a backup taken with only the migrations `executed` up to this version (see restoredRowSteps). */
export async function upgradeRestoredRows(db: Kysely<unknown>, executed: readonly string[]): Promise<void> {
  for (const [name, step] of Object.entries(restoredRowSteps)) if (step && !executed.includes(name)) await step(db);
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * Runs pending migrations; throws with the failing migration's error. On
 * PostgreSQL `schema` names the site's schema: the migrator must look for its
 * own tables there, not in whichever schema of the database has them.
 */
export async function migrate(db: Kysely<Database>, schema?: string, logger?: Logger): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // Kysely runs PostgreSQL's migrations in one transaction, SQLite's one statement at a time: a start
  // killed halfway would leave a migration half done. SQLite too rolls back DDL, so one transaction
  // here makes an interrupted upgrade leave the database as it was.
  // A database that is up to date takes no write lock: `npm run admin` beside a running server migrates nothing.
  const atomic = !(db.getExecutor().adapter instanceof PostgresAdapter);
  if (atomic && (await pendingMigrations(db)).length === 0) return;
  if (atomic) await sql`begin immediate`.execute(db);
  const { error, results } = await migrator
    .migrateToLatest()
    .catch((error: unknown) => ({ error, results: undefined }));
  const failed = results?.find((result) => result.status === "Error");
  if (atomic) await sql.raw(error || failed ? "rollback" : "commit").execute(db);
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
  for (const { migrationName, status } of results ?? [])
    if (status === "Success") logger?.info("database migrated", { event: "migration", migration: migrationName });
}

/** What the migration table records, oldest first: none for a database no migration ran on. */
export async function executedMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`
    .execute(db)
    .catch((error: unknown) => {
      if (/kysely_migration/.test(String(error))) return { rows: [] };
      throw error;
    });
  return rows.map((row) => row.name);
}

/** Migrations of this code the database has not had yet (also proves it answers). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  return migrationsAfter(await executedMigrations(db));
}

/** Migrations of this code not among `executed` (what the migration table records). */
export function migrationsAfter(executed: readonly string[]): string[] {
  const done = new Set(executed);
  return Object.keys(migrations)
    .sort()
    .filter((name) => !done.has(name));
}
