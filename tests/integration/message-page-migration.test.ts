// A chat lead's page moved from its text into a column of its own (migration 0013-message-page):
// leads stored before it get the page their text names as the database is migrated, and leads
// restored from a backup taken before it as the backup is restored (0029-lead-pages).
import { afterAll, describe, expect, it } from "vitest";
import { leadMessageText } from "#content/chat-lead.ts";
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

const transcript = [
  { sender: "user" as const, text: "Do you do branding?" },
  { sender: "ai" as const, text: "Yes." },
];

/** A site with a Contact form message and two leads, one of whose notes imitates the line naming the page. */
async function siteWithLeads(dataDir: string): Promise<Store> {
  const store = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
  const sender = { company: "", ip: null, userAgent: null };
  await store.messages.add({ ...sender, name: "Form", email: "form@example.lk", message: "Hi", page: "/contact" });
  for (const [name, note, page] of [
    ["Services Lead", "Call me", "/services"],
    ["Tricky Lead", "Conversation in the chat on /made-up:", "/about"],
  ] as const)
    await store.messages.add({
      ...sender,
      name,
      email: "lead@example.lk",
      message: leadMessageText({ note, transcript, page }),
      source: "chat",
      page,
    });
  return store;
}

/** What each message's page is once the site is up to date. */
const PAGES = { Form: "/contact", "Services Lead": "/services", "Tricky Lead": "/about" };

async function pagesIn(dataDir: string) {
  const rows = await tableRows(dataDir, "contact_messages");
  return Object.fromEntries(rows.map((row) => [row["name"], row["page"]]));
}

describe("a chat lead's page in its own column (migration 0013-message-page)", () => {
  it("leads stored before it get the page their text names; Contact form messages stay as they were", async () => {
    const dataDir = tempDir();
    await (await siteWithLeads(dataDir)).close();
    // As the version before it stored them, with the migration still to run.
    await migrateBackBefore(dataDir, "0013-message-page");

    const migrated = await openStore(await storeEnvFor({ DATA_DIR: dataDir }));
    await migrated.close();
    expect(await pagesIn(dataDir)).toEqual({ ...PAGES, Form: null });
  });

  it("a backup taken before it restores after it, its leads getting their page as it is restored", async () => {
    const dataDir = tempDir();
    const store = await siteWithLeads(dataDir);
    let target: string;
    try {
      // As the version before it wrote the backup: no page column, and no migration.
      ({ dataDir: target } = await restoreOlderBackup(store, dataDir, {
        without: "0013-message-page",
        rewrite: (line) => {
          if (line.table !== "contact_messages") return line;
          const { page: _page, ...row } = line.row!;
          return { ...line, row };
        },
      }));
    } finally {
      await store.close();
    }
    expect(await pagesIn(target)).toEqual({ ...PAGES, Form: null });
    const server = await startTestServer({ dataDir: target });
    servers.push(server);
    expect(await pagesIn(target)).toEqual({ ...PAGES, Form: null });
    const from = "2000-01-01T00:00:00.000Z";
    const sent = await server.deps.store.messages.sentBetween(from, new Date(Date.now() + 60_000).toISOString());
    expect(sent.map((message) => message.page)).toEqual(["/contact", "/services", "/about"]);
  });
});
