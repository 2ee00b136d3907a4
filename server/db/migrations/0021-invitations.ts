import { sql, type Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// Invitations (issue 28 item 2; server/auth/invitations/): the token as its SHA-256 (lookups) and
// sealed with this database's key (the admin's "Copy link"); at most one open invitation per
// address (a new one replaces it). Account mails: the outbox's second queue (server/contact/outbox.ts),
// with the deliveries' queue columns and the kind and id of what each mail is about.

export async function up(db: Kysely<unknown>) {
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
  await db.schema.createIndex("account_mails_due").on("account_mails").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists account_mails`.execute(db);
  await sql`drop table if exists invitations`.execute(db);
}
