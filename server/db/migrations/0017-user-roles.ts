import type { Kysely } from "kysely";

// Roles (issue 28, content/roles.ts): every account made before them could do everything, so
// each becomes an Administrator. A post records the account that created it (its id; none for
// the posts written before), which is all a Writer may edit.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("administrator"))
    .execute();
  await db.schema.alterTable("posts").addColumn("created_by", "integer").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("posts").dropColumn("created_by").execute();
  await db.schema.alterTable("users").dropColumn("role").execute();
}
