import { sql, type Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// Two-factor sign-in (issue 28; server/auth/two-factor/): an account's TOTP secret (encrypted),
// the one shown for enrolment until it is confirmed, when it was turned on, and the time step
// of the last code accepted (a code is refused a second time); the one-time recovery codes,
// hashed; and which roles must use it (a role without a row need not).

export async function up(db: Kysely<unknown>) {
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
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists two_factor_policy`.execute(db);
  await sql`drop table if exists two_factor_recovery_codes`.execute(db);
  for (const column of ["totp_last_step", "totp_enabled_at", "totp_pending_secret", "totp_secret"])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
