import { sql, type Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

export async function up(db: Kysely<unknown>) {
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
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["contact_messages", "sessions", "users", "revisions", "documents"]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
