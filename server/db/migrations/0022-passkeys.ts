import { sql, type Kysely } from "kysely";

// Passkeys (issue 28 item 4; server/auth/passkeys/): by credential id, the public key as base64url
// text (public, and text backs up as every column does), the signature counter and what the
// authenticator said of itself; gone with their account. Challenges: a few minutes, used once.

export async function up(db: Kysely<unknown>) {
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
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists passkey_challenges`.execute(db);
  await sql`drop table if exists passkeys`.execute(db);
}
