// The language of a chat conversation (migration 0015-conversation-locale): conversations kept
// before it, and those restored from a backup taken before it, were all answered in English and
// say so; new ones keep their own. SQLite here, PostgreSQL in ./postgres/.
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "#server/db/open.ts";
import type { Store } from "#server/db/store.ts";
import { startTestServer, tempDir, type TestServer } from "../helpers/api-server.ts";
import { restoreOlderBackup } from "../helpers/older-backup.ts";
import { migrateBackBefore } from "../helpers/migrate-back.ts";
import { tableRows } from "../helpers/table-rows.ts";
import { storeEnvFor } from "../helpers/test-database.ts";

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

// Within the retention: the server started on the restored site deletes older ones.
const at = new Date().toISOString();

/** A site with two conversations, as the chat keeps them. */
async function siteWithConversations(dataDir: string): Promise<Store> {
  const store = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
  for (const [page, question] of [
    ["/services", "Do you build websites?"],
    ["/si/contact", "Where is your office?"],
  ] as const) {
    const id = await store.conversations.start(page, at);
    await store.conversations.add(id, [
      { sender: "user", text: question, at, answered: true },
      { sender: "ai", text: "Yes.", at, answered: null },
    ]);
  }
  return store;
}

/** Each conversation's page and language, by page. */
async function languagesIn(dataDir: string) {
  const rows = await tableRows(dataDir, "chat_conversations");
  return Object.fromEntries(rows.map((row) => [row["page"], row["locale"]]));
}

describe("a conversation's language (migration 0015-conversation-locale)", () => {
  it("conversations kept before it are English; the chat keeps new ones' own, and lists them by it", async () => {
    const dataDir = tempDir();
    const before = await siteWithConversations(dataDir);
    const rows = await tableRows(dataDir, "chat_messages");
    await before.close();
    // As the version before it stored them, with the migration still to run.
    await migrateBackBefore(dataDir, "0015-conversation-locale");
    expect(Object.keys((await tableRows(dataDir, "chat_conversations"))[0]!)).not.toContain("locale");

    const migrated = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
    try {
      expect(await languagesIn(dataDir)).toEqual({ "/services": "en", "/si/contact": "en" });
      // Nothing else changed.
      expect(await tableRows(dataDir, "chat_messages")).toEqual(rows);
      const id = await migrated.conversations.start("/ta", at, "ta");
      await migrated.conversations.add(id, [{ sender: "user", text: "முகவரி என்ன?", at, answered: true }]);
      const list = (locale?: "en" | "ta") => migrated.conversations.list({ locale, pageSize: 10 });
      expect((await list("ta")).conversations.map((c) => [c.id, c.locale])).toEqual([[id, "ta"]]);
      expect((await list("en")).total).toBe(2);
      expect((await list()).total).toBe(3);
    } finally {
      await migrated.close();
    }
  });

  it("a backup taken before it restores after it, every conversation in English", async () => {
    const dataDir = tempDir();
    const store = await siteWithConversations(dataDir);
    let target: string;
    try {
      // As the version before it wrote the backup: no language column, and no migration.
      ({ dataDir: target } = await restoreOlderBackup(store, dataDir, {
        without: "0015-conversation-locale",
        rewrite: (line) => {
          if (line.table !== "chat_conversations") return line;
          const { locale: _locale, ...row } = line.row!;
          return { ...line, row };
        },
      }));
    } finally {
      await store.close();
    }
    expect(await languagesIn(target)).toEqual({ "/services": "en", "/si/contact": "en" });
    const server = await startTestServer({ dataDir: target });
    servers.push(server);
    const { conversations } = await server.deps.store.conversations.list({ locale: "en", pageSize: 10 });
    expect(conversations.map((c) => c.page).sort()).toEqual(["/services", "/si/contact"]);
  });
});
