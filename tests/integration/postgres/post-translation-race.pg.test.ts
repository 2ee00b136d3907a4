// A post deleted on one instance while another saves its translation: on PostgreSQL each request
// has its own connection, so the two transactions overlap (SQLite runs one writer at a time).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost } from "#content/schemas.ts";
import { openPostgresStore, type PostgresStore } from "#server/db/postgres.ts";
import { createTestDatabase, postgresUnavailable, type TestDatabase } from "../../helpers/test-database.ts";

const missing = await postgresUnavailable();

const post: BlogPost = {
  title: "Deleted While Translated",
  excerpt: "Short.",
  content: "Body.",
  date: "2026-03-03",
  readTime: "1 min read",
  image: "",
  featured: false,
  placementId: 0,
  status: "published",
};

describe.skipIf(missing)(`a translation saved as its post is deleted${missing ? ` — skipped: ${missing}` : ""}`, () => {
  let database: TestDatabase;
  let store: PostgresStore;
  let other: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = await database.freshSchema();
    store = await openPostgresStore(url);
    // Another instance's connection, on the same schema.
    other = new pg.Pool({ connectionString: url, max: 1 });
  });
  afterAll(async () => {
    await other?.end();
    await store?.close();
    await database?.drop();
  });

  it("is refused as for a deleted post, leaving no translation without its post", async () => {
    const created = await store.posts.create(post, "owner@example.lk");
    const deleting = await other.connect();
    try {
      // The other instance deletes the post and its translations, and has not committed yet.
      await deleting.query("begin");
      await deleting.query("delete from posts where id = $1", [created.id]);
      await deleting.query("delete from post_translations where post_id = $1", [created.id]);
      const saving = store.posts.translations.save(
        created.id,
        "si",
        { data: { status: "draft", texts: { title: { text: "මකා දැමූ", source: post.title } } } },
        0,
        "translator@example.lk",
      );
      let settled = false;
      void saving.finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The save waits for the deletion to end rather than writing under it.
      expect(settled).toBe(false);
      await deleting.query("commit");
      expect(await saving).toEqual({ ok: false, reason: "no-post" });
    } finally {
      deleting.release();
    }
    const { rows } = await other.query("select key from post_translations where post_id = $1", [created.id]);
    expect(rows).toEqual([]);
  });
});
