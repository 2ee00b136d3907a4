import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackupCli, runRestoreCli } from "#server/cli/backup.ts";
import { readBackup } from "#server/backup/backup.ts";
import { submitContactMessage } from "#server/contact/submit.ts";
import { openSqliteStore } from "#server/db/sqlite.ts";
import { signIn } from "../helpers/api-server.ts";
import { startFakeFormMail, type FakeFormMail } from "../helpers/fake-formmail.ts";
import { adminFetch, startTestServer, tempDir, type TestServer } from "../helpers/admin-server.ts";
import { tableRows } from "../helpers/table-rows.ts";
import { onPostgres } from "../helpers/test-database.ts";

const SINHALA_TITLE = "ශ්\u200Dරී ලංකාව පුරා ව්\u200Dයාපාර වර්ධනය";

let server: TestServer;
let form: FakeFormMail;
let api: ReturnType<typeof adminFetch>;
const scratch = tempDir("agency-backups-");
const io = () => {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
};

/** The site's image files, from its storage: the folder, or on PostgreSQL the database (MEDIA_STORAGE's defaults). */
async function mediaFiles(dataDir: string): Promise<Record<string, string>> {
  const root = path.join(dataDir, "media");
  const result: Record<string, string> = {};
  if (onPostgres()) {
    expect(existsSync(root)).toBe(false);
    for (const row of await tableRows(dataDir, "media_files"))
      result[`${String(row["media_id"])}/${String(row["name"])}`] = (row["data"] as Buffer).toString("base64");
    return result;
  }
  for (const id of existsSync(root) ? readdirSync(root) : []) {
    for (const name of readdirSync(path.join(root, id)))
      result[`${id}/${name}`] = readFileSync(path.join(root, id, name)).toString("base64");
  }
  return result;
}

beforeAll(async () => {
  form = await startFakeFormMail();
  server = await startTestServer({ env: { CONTACT_FORWARD_URL: form.url }, outbox: { intervalMs: 50 } });
  api = adminFetch(server, await signIn(server.url));
  // Content with history, a second admin, messages with deliveries, an image.
  const home = await (await api("/api/content/home")).json();
  for (const title of ["Grow in Colombo", "Grow across Sri Lanka"]) {
    const current = await (await api("/api/content/home")).json();
    const saved = await api("/api/content/home", {
      method: "PUT",
      body: JSON.stringify({ version: current.version, data: { ...home.data, hero: { ...home.data.hero, title } } }),
    });
    if (!saved.ok) throw new Error(await saved.text());
  }
  // Home's title in Sinhala, joiners and all.
  const sinhala = await (await api("/api/content/home?locale=si")).json();
  const translated = await api("/api/content/home?locale=si", {
    method: "PUT",
    body: JSON.stringify({
      version: sinhala.version,
      data: { ...sinhala.data, hero: { ...sinhala.data.hero, title: SINHALA_TITLE } },
    }),
  });
  if (!translated.ok) throw new Error(await translated.text());
  await api("/api/accounts", {
    method: "POST",
    body: JSON.stringify({ email: "partner@example.lk", password: "second admin pass" }),
  });
  for (const name of ["Nimal Perera", "Kamala Silva"]) {
    const result = await submitContactMessage(
      server.deps,
      { name, email: "visitor@example.lk", company: "", message: `Hello from ${name}` },
      { ip: "203.0.113.4", userAgent: "vitest" },
    );
    if (!result.ok) throw new Error(result.formError);
  }
  await form.waitFor(2);
  const image = await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#0f172a" } })
    .png()
    .toBuffer();
  const upload = new FormData();
  upload.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "team.png");
  if ((await api("/api/media", { method: "POST", body: upload })).status !== 201) throw new Error("upload failed");
});
afterAll(async () => {
  await server.close();
  await form.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("round-trips every stored item through npm run backup / restore into a fresh folder", async () => {
    const file = path.join(scratch, "site.json.gz");
    const backup = io();
    expect(await runBackupCli([file], { DATA_DIR: server.dataDir }, backup.io)).toBe(0);
    expect(backup.lines.out).toEqual([`Backup written to ${file}`]);

    const target = path.join(scratch, "restored");
    const restore = io();
    expect(await runRestoreCli([file], { DATA_DIR: target }, restore.io)).toBe(0);
    expect(restore.lines.out[0]).toMatch(/^Restored \d+ rows and 7 media files into /);

    const original = await server.deps.store.backup.dump();
    const copy = await openSqliteStore(target);
    try {
      const restored = await copy.backup.dump();
      expect(Object.keys(restored.tables)).toEqual([
        "analytics_daily",
        "chat_conversations",
        "chat_messages",
        "contact_messages",
        "deliveries",
        "documents",
        "landing_page_revisions",
        "landing_page_translation_revisions",
        "landing_page_translations",
        "landing_pages",
        "media",
        "passkeys",
        "post_addresses",
        "post_revisions",
        "post_translation_addresses",
        "post_translation_revisions",
        "post_translations",
        "posts",
        "revisions",
        "two_factor_policy",
        "two_factor_recovery_codes",
        "users",
      ]);
      expect(restored).toEqual(original);
      // Two saves of Home, one of its Sinhala texts, and the blog document written when the built-in posts became records.
      expect(original.tables["revisions"]).toHaveLength(4);
      expect(original.tables["posts"]).toHaveLength(4);
      expect(original.tables["users"]).toHaveLength(2);
      expect(original.tables["contact_messages"]).toHaveLength(2);
      expect(original.tables["deliveries"]!.every((d) => d["status"] === "sent")).toBe(true);
      expect(original.tables["users"]!.every((u) => String(u["password_hash"]).startsWith("scrypt$"))).toBe(true);
    } finally {
      await copy.close();
    }
    expect(await mediaFiles(target)).toEqual(await mediaFiles(server.dataDir));
    expect(Object.keys(await mediaFiles(target))).toHaveLength(7);

    // The restored site works: old passwords sign in, content and images are served.
    const revived = await startTestServer({
      dataDir: target,
      env: { ADMIN_EMAIL: "partner@example.lk", ADMIN_PASSWORD: "second admin pass" },
    });
    try {
      await signIn(revived.url, { email: "partner@example.lk", password: "second admin pass" });
      const home = await (await fetch(`${revived.url}/api/content/home`)).json();
      expect(home).toMatchObject({ version: 2, data: { hero: { title: "Grow across Sri Lanka" } } });
      const homeSi = await (await fetch(`${revived.url}/api/content/home?locale=si`)).json();
      expect(homeSi).toMatchObject({ locale: "si", version: 1, data: { hero: { title: SINHALA_TITLE } } });
      const [item] = await revived.deps.store.media.list();
      expect((await fetch(`${revived.url}/media/${item!.id}/${item!.files[1]!.name}`)).status).toBe(200);
    } finally {
      await revived.stop();
    }
  });

  it("lets the admin download the same backup, and writes a dated file by default", async () => {
    const response = await api("/api/backup");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="backup-\d{8}-\d{6}\.json\.gz"$/,
    );
    const contents = readBackup(Buffer.from(await response.arrayBuffer()));
    // The file has a line per row: a table without rows is simply not in it.
    const stored = await server.deps.store.backup.dump();
    const withRows = Object.fromEntries(Object.entries(stored.tables).filter(([, rows]) => rows.length > 0));
    expect(contents.dump).toEqual({ ...stored, tables: withRows });
    expect((await fetch(`${server.url}/api/backup`)).status).toBe(401);

    const dated = io();
    expect(await runBackupCli([], { DATA_DIR: server.dataDir }, dated.io)).toBe(0);
    expect(dated.lines.out[0]).toMatch(/backups\/backup-\d{8}-\d{6}\.json\.gz$/);
  });

  it("refuses a non-empty data folder and corrupt or truncated files, writing nothing", async () => {
    const good = path.join(scratch, "good.json.gz");
    await runBackupCli([good], { DATA_DIR: server.dataDir }, io().io);
    const bytes = readFileSync(good);
    const lines = gunzipSync(bytes).toString("utf8").split("\n");
    const variants: [string, Buffer, RegExp][] = [
      ["truncated", bytes.subarray(0, Math.floor(bytes.length / 2)), /truncated/],
      ["garbage", Buffer.from("this is not a backup"), /not a backup file/],
      ["no end", gzipSync(lines.slice(0, -2).join("\n")), /truncated \(its end marker is missing\)/],
      ["bad line", gzipSync([lines[0], "{oops", ...lines.slice(1)].join("\n")), /line 2 is not valid/],
      [
        "tampered image",
        gzipSync(lines.map((l) => (l.startsWith('{"file"') ? l.replace(/"data":"(.)/, '"data":"A$1') : l)).join("\n")),
        /checksum/,
      ],
      [
        "escaping path",
        gzipSync(lines.map((l) => l.replace(/"file":"[0-9a-f]{24}\//, '"file":"../../')).join("\n")),
        /outside the media folder/,
      ],
      ["other json", gzipSync('{"hello":"world"}\n'), /not a backup of this site/],
    ];
    for (const [label, data, message] of variants) {
      const file = path.join(scratch, `${label}.json.gz`);
      writeFileSync(file, data);
      const target = path.join(scratch, `target-${label.replace(/ /g, "-")}`);
      const run = io();
      expect(await runRestoreCli([file], { DATA_DIR: target }, run.io), label).toBe(1);
      expect(run.lines.err[0], label).toMatch(/^Restore refused: /);
      expect(run.lines.err[0], label).toMatch(message);
      expect(existsSync(target), label).toBe(false);
    }

    const before = await server.deps.store.backup.dump();
    const busy = io();
    expect(await runRestoreCli([good], { DATA_DIR: server.dataDir }, busy.io)).toBe(1);
    expect(busy.lines.err[0]).toMatch(/is not empty\. Restore only into an empty folder/);
    expect(await server.deps.store.backup.dump()).toEqual(before);
    const usage = io();
    expect(await runRestoreCli([], { DATA_DIR: path.join(scratch, "x") }, usage.io)).toBe(2);
  });
});
