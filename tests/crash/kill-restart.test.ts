// Crash suite: the production build runs as a child process; concurrent
// content saves and contact posts are fired at it, it is SIGKILLed in the
// middle, and restarted on the same data (same DATA_DIR, or the same
// PostgreSQL schema), three times. Every acknowledged write (a 2xx the client
// received) must be there exactly as acknowledged, versions must run 1..n with
// no gap or duplicate, and the database must be intact.
import { rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SQLite as Database } from "#server/db/sqlite-driver.ts";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { documentDefaults } from "#content/defaults.ts";
import type { DocumentKey } from "#content/sections.ts";
import { signIn, tempDir } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { databaseEnvFor } from "../helpers/test-database.ts";

const ROUNDS = 3;
const KEYS = ["privacy-policy", "terms-conditions", "about"] as const satisfies readonly DocumentKey[];
const WRITERS_PER_KEY = 2;
const CONTACT_POSTERS = 2;

let dataDir: string;
let server: BuiltServer | undefined;

beforeAll(async () => {
  await ensureBuiltOnce();
  dataDir = tempDir("agency-crash-");
}, 300_000);
afterAll(async () => {
  await server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Sent {
  marker: string;
  /** The document as the server answered it (2xx), or undefined while unacknowledged. */
  acknowledged?: { version: number; data: unknown };
}

/** Everything sent over all rounds: saves per key (by marker) and contact messages (by marker). */
const saves = new Map<DocumentKey, Map<string, Sent>>(KEYS.map((key) => [key, new Map()]));
const messages = new Map<string, "sent" | "acknowledged" | "refused">();

const withMarker = (key: DocumentKey, marker: string): unknown => {
  const defaults = structuredClone(documentDefaults[key]) as { title: string };
  return { ...defaults, title: marker };
};

const markerOf = (data: unknown) => (data as { title?: string }).title ?? "";

/** One writer: saves `key` again and again on the version it last saw, until the server goes away. */
async function writer(url: string, cookie: string, key: DocumentKey, name: string, running: () => boolean) {
  let version = ((await (await fetch(`${url}/api/content/${key}`)).json()) as { version: number }).version;
  for (let n = 0; running(); n++) {
    const marker = `${name}-${n}`;
    const sent: Sent = { marker };
    saves.get(key)!.set(marker, sent);
    let response: Response;
    try {
      response = await fetch(`${url}/api/content/${key}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: cookie, Origin: url },
        body: JSON.stringify({ version, data: withMarker(key, marker) }),
      });
    } catch {
      return; // Killed while this save was in flight: it may or may not be there.
    }
    let body: { version: number; data: unknown; current?: { version: number } };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      return; // Killed before the whole answer arrived: not acknowledged.
    }
    if (response.status === 200) {
      sent.acknowledged = { version: body.version, data: body.data };
      version = body.version;
    } else if (response.status === 409 && body.current) {
      version = body.current.version;
    } else {
      throw new Error(`save ${key} ${marker}: ${response.status} ${JSON.stringify(body)}`);
    }
  }
}

let address = 0;

/** One visitor after another posting the contact form, each message with its own marker. */
async function poster(url: string, name: string, running: () => boolean) {
  for (let n = 0; running(); n++) {
    const marker = `${name}-${n}`;
    messages.set(marker, "sent");
    const form = new URLSearchParams({
      name: "Crash Test",
      email: "crash@example.lk",
      company: "",
      message: `Message ${marker}`,
    });
    const ip = ++address;
    let response: Response;
    try {
      response = await fetch(`${url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: url,
          "X-Forwarded-For": `10.9.${ip >> 8}.${ip & 255}`,
        },
        body: form.toString(),
      });
    } catch {
      return;
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      return; // Killed before the whole answer arrived: not acknowledged.
    }
    if (response.status === 302 && response.headers.get("location")?.endsWith("/done"))
      messages.set(marker, "acknowledged");
    // Page requests are shed with 503 + Retry-After while the server runs late (a busy machine): refused, so never stored.
    else if (response.status === 503 && response.headers.get("retry-after")) messages.set(marker, "refused");
    else throw new Error(`contact ${marker}: ${response.status} ${text.slice(0, 200)}`);
  }
}

/** The database is readable and consistent while no server runs on it. */
async function expectIntact() {
  const { DATABASE_URL } = await databaseEnvFor(dataDir);
  if (!DATABASE_URL) {
    const db = new Database(path.join(dataDir, "site.db"));
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(db.pragma("foreign_key_check")).toEqual([]);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    for (const table of [
      "documents",
      "revisions",
      "users",
      "contact_messages",
      "deliveries",
      "media",
      "rate_counters",
      "sessions",
    ]) {
      await client.query(`select count(*) from ${table}`);
    }
    const duplicates = await client.query(
      "select key, version from revisions group by key, version having count(*) > 1",
    );
    expect(duplicates.rows).toEqual([]);
  } finally {
    await client.end();
  }
}

/** Everything acknowledged is there exactly as acknowledged; versions are 1..n; nothing unsent appeared. */
async function expectAcknowledgedWrites(url: string, cookie: string) {
  const get = async (pathname: string) => {
    const response = await fetch(`${url}${pathname}`, { headers: { Cookie: cookie } });
    expect(response.status, pathname).toBe(200);
    return response.json();
  };
  for (const key of KEYS) {
    const current = (await get(`/api/content/${key}`)) as { version: number; data: unknown };
    const { revisions } = (await get(`/api/content/${key}/revisions`)) as { revisions: { version: number }[] };
    const versions = revisions.map((r) => r.version).sort((a, b) => a - b);
    expect(versions, `${key}: versions 1..${current.version}`).toEqual(
      Array.from({ length: current.version }, (_, i) => i + 1),
    );
    const sent = saves.get(key)!;
    const acknowledged = [...sent.values()].filter((s) => s.acknowledged);
    for (const save of acknowledged) {
      expect(save.acknowledged!.version, `${key} ${save.marker}`).toBeLessThanOrEqual(current.version);
      const revision = (await get(`/api/content/${key}/revisions/${save.acknowledged!.version}`)) as { data: unknown };
      expect(revision.data, `${key} ${save.marker} at version ${save.acknowledged!.version}`).toEqual(
        save.acknowledged!.data,
      );
    }
    // Each version holds one of the saves sent for it (unacknowledged ones may or may not have landed), each at most once.
    const seen = new Set<string>();
    for (const version of versions) {
      const revision = (await get(`/api/content/${key}/revisions/${version}`)) as { data: unknown };
      const marker = markerOf(revision.data);
      if (marker === markerOf(documentDefaults[key])) continue;
      expect(sent.has(marker), `${key} version ${version} holds "${marker}", which was never sent`).toBe(true);
      expect(seen.has(marker), `${key}: "${marker}" stored twice`).toBe(false);
      seen.add(marker);
    }
  }
  const stored: string[] = [];
  for (let page = 1; ; page++) {
    const list = (await get(`/api/messages?page=${page}`)) as { messages: { message: string }[]; pages: number };
    stored.push(...list.messages.map((m) => m.message.replace(/^Message /, "")));
    if (page >= list.pages) break;
  }
  for (const [marker, state] of messages) {
    const count = stored.filter((m) => m === marker).length;
    if (state === "acknowledged") expect(count, `contact message ${marker} (acknowledged)`).toBe(1);
    else if (state === "refused") expect(count, `contact message ${marker} (refused with 503)`).toBe(0);
    else expect(count, `contact message ${marker} (unacknowledged)`).toBeLessThanOrEqual(1);
  }
  for (const marker of stored) expect(messages.has(marker), `a stored message "${marker}" was never sent`).toBe(true);
}

it(`keeps every acknowledged save and contact message across ${ROUNDS} SIGKILLs`, async () => {
  for (let round = 1; round <= ROUNDS; round++) {
    server = await startBuiltServer(dataDir, { TRUST_PROXY: "1" });
    const cookie = await signIn(server.url);
    await expectAcknowledgedWrites(server.url, cookie);

    let running = true;
    const alive = () => running;
    const work = Promise.allSettled([
      ...KEYS.flatMap((key) =>
        Array.from({ length: WRITERS_PER_KEY }, (_, w) =>
          writer(server!.url, cookie, key, `r${round}-${key}-w${w}`, alive),
        ),
      ),
      ...Array.from({ length: CONTACT_POSTERS }, (_, p) => poster(server!.url, `r${round}-p${p}`, alive)),
    ]);
    // Kill in the middle: once some writes are acknowledged, after a random moment more.
    const acknowledgedSoFar = () =>
      [...saves.values()].reduce((n, m) => n + [...m.values()].filter((s) => s.acknowledged).length, 0);
    const target = acknowledgedSoFar() + 10;
    for (let waited = 0; acknowledgedSoFar() < target && waited < 5_000; waited += 20) await sleep(20);
    await sleep(50 + Math.floor(Math.random() * 300));
    await server.kill();
    running = false;
    for (const result of await work) if (result.status === "rejected") throw result.reason;
    server = undefined;
    await expectIntact();
  }
  server = await startBuiltServer(dataDir, { TRUST_PROXY: "1" });
  await expectAcknowledgedWrites(server.url, await signIn(server.url));
  const acknowledged = [...saves.values()].flatMap((m) => [...m.values()].filter((s) => s.acknowledged)).length;
  expect(acknowledged, "saves acknowledged over the rounds").toBeGreaterThan(ROUNDS * 5);
  expect(
    [...messages.values()].filter((state) => state === "acknowledged").length,
    "contact messages acknowledged",
  ).toBeGreaterThan(0);
  await server.stop();
  server = undefined;
}, 120_000);
