// Data an older version stored is brought up to date by migrations, once per database, not by a
// check at every start: posts still inside the blog document move into records
// (0028-posts-move-in) and chat leads get their page (0029-lead-pages) as the database is
// migrated, and later starts leave everything as it is. SQLite here, PostgreSQL in ./postgres/.
import { afterAll, describe, expect, it } from "vitest";
import { leadMessageText } from "#content/chat-lead.ts";
import { defaultPosts } from "#content/defaults.ts";
import type { LegacyBlogContent } from "#content/schemas.ts";
import { startTestServer, tempDir, type TestServer } from "../helpers/api-server.ts";
import { migrateBackBefore } from "../helpers/migrate-back.ts";
import { insertRows, runSql, tableRows } from "../helpers/table-rows.ts";

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

const { id: _id, ...template } = defaultPosts[0]!;
const SAVED_AT = "2024-06-01T00:00:00.000Z";

/** The blog as a version before posts were records saved it: its posts inside it. */
const legacyBlog: LegacyBlogContent = {
  title: "Old Insights",
  subtitle: "Our thinking.",
  posts: [
    { ...template, id: "p-one", title: "First Old Post", date: "2024-01-01" },
    { ...template, id: "p-two", title: "Second Old Post", date: "2024-02-01" },
  ],
};

/** A chat lead as a version before its page had a column stored it (or restored it from a backup of then). */
const leadWithoutPage = (name: string, page: string) => ({
  name,
  email: "lead@example.lk",
  company: "",
  message: leadMessageText({ note: "Call me", transcript: [{ sender: "user", text: "Hello?" }], page }),
  ip: null,
  user_agent: null,
  created_at: SAVED_AT,
  read_at: null,
  deleted_at: null,
  source: "chat",
  page: null,
});

/** A database an older version (the one before 0028-posts-move-in) left: a blog listing its posts, a lead without its page. */
async function olderSite(): Promise<string> {
  const dataDir = tempDir();
  // A new database migrated as far as that version went.
  await migrateBackBefore(dataDir, "0028-posts-move-in");
  const data = JSON.stringify(legacyBlog);
  await insertRows(dataDir, "documents", [
    { key: "blog", version: 1, data, updated_at: SAVED_AT, updated_by: "old@example.lk" },
  ]);
  await insertRows(dataDir, "revisions", [
    { key: "blog", version: 1, data, created_at: SAVED_AT, created_by: "old@example.lk", restored_from: null },
  ]);
  await insertRows(dataDir, "contact_messages", [leadWithoutPage("Services Lead", "/services")]);
  return dataDir;
}

/** Starts a server on `dataDir`, with the migrations it logs. */
async function start(dataDir: string) {
  const lines: string[] = [];
  const server = await startTestServer({
    dataDir,
    env: { LOG_LEVEL: "info" },
    log: { write: (line: string) => void lines.push(line) },
  });
  servers.push(server);
  const migrated = lines
    .map((line) => JSON.parse(line) as { event?: string; migration?: string })
    .filter((line) => line.event === "migration")
    .map((line) => line.migration);
  return { server, migrated };
}

async function postTitles(server: TestServer) {
  const { posts } = await server.deps.store.posts.list({ audience: "admin", pageSize: 10 });
  return posts.map((post) => post.title);
}

async function leadPages(dataDir: string) {
  const rows = await tableRows(dataDir, "contact_messages");
  return Object.fromEntries(rows.map((row) => [row["name"], row["page"]]));
}

describe("data moves are migrations, run once", () => {
  it("an older database gets its posts and its leads' pages as it is migrated; a second start does nothing", async () => {
    const dataDir = await olderSite();
    const first = await start(dataDir);
    expect(first.migrated).toEqual([
      "0028-posts-move-in",
      "0029-lead-pages",
      "0030-answered-from-answers",
      "0031-page-variants",
      "0032-landing-pages",
    ]);
    // Its own posts, and no built-in ones beside them: it was an existing site.
    expect(await postTitles(first.server)).toEqual(["Second Old Post", "First Old Post"]);
    const blog = await first.server.deps.store.documents.get("blog");
    expect(blog).toMatchObject({ version: 2, data: { title: "Old Insights", subtitle: "Our thinking." } });
    expect(blog.data).not.toHaveProperty("posts");
    expect(await leadPages(dataDir)).toEqual({ "Services Lead": "/services" });
    const before = await first.server.deps.store.backup.dump();
    await first.server.stop();

    const second = await start(dataDir);
    expect(second.migrated).toEqual([]);
    expect(await second.server.deps.store.backup.dump()).toEqual(before);
  });

  it("a start checks nothing of the kind: what the moves fixed, stored again by hand, is left as it is", async () => {
    const dataDir = await olderSite();
    await (await start(dataDir)).server.stop();
    // Only a hand edit could store these now.
    const quoted = JSON.stringify(legacyBlog).replace(/'/g, "''");
    await runSql(dataDir, `update documents set data = '${quoted}' where key = 'blog'`);
    await insertRows(dataDir, "contact_messages", [leadWithoutPage("Hand-Made Lead", "/about")]);

    const again = await start(dataDir);
    expect(again.migrated).toEqual([]);
    expect(await postTitles(again.server)).toEqual(["Second Old Post", "First Old Post"]);
    const blog = (await tableRows(dataDir, "documents")).find((row) => row["key"] === "blog")!;
    expect(JSON.parse(String(blog["data"]))).toEqual(legacyBlog);
    expect(await leadPages(dataDir)).toEqual({ "Services Lead": "/services", "Hand-Made Lead": null });
  });
});
