import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger.ts";
import { createTestDatabase, postgresUnavailable, type TestDatabase } from "../../tests/helpers/test-database.ts";
import type { LiveEvent } from "#content/live-events.ts";
import { createPostgresEventBus, EVENTS_CHANNEL, type PostgresEventBus } from "./postgres-bus.ts";

const missing = await postgresUnavailable();

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(missing)(`PostgreSQL event bus${missing ? ` — skipped: ${missing}` : ""}`, () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  const buses: PostgresEventBus[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
  });
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  /** A bus as an instance has it, recording what its subscribers and hooks hear. */
  async function instance(schema = "public", catchUp: LiveEvent[] = []) {
    const heard: LiveEvent[] = [];
    const remote: LiveEvent[] = [];
    let catchUps = 0;
    const bus = await createPostgresEventBus({
      url: database.url,
      schema,
      notify: async (channel, payload) => {
        await pool.query("select pg_notify($1, $2)", [channel, payload]);
      },
      logger: createLogger("silent"),
      onRemote: (event) => remote.push(event),
      catchUp: async () => {
        catchUps += 1;
        return catchUp;
      },
      retryDelayMs: { first: 20, max: 200 },
    });
    buses.push(bus);
    bus.subscribe((event) => heard.push(event));
    return { bus, heard, remote, catchUps: () => catchUps };
  }

  const listeners = async () =>
    (
      await pool.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and application_name = 'agency-site events'",
      )
    ).rows.map((row) => row.pid);

  it("delivers a publish to this instance's subscribers at once and to every other instance once", async () => {
    const a = await instance();
    const b = await instance();
    const c = await instance();
    a.bus.publish({ type: "content", key: "home", version: 1 });
    expect(a.heard).toEqual([{ type: "content", key: "home", version: 1 }]);
    await until(() => b.heard.length > 0 && c.heard.length > 0, "the other instances");
    b.bus.publish({ type: "message", id: 7 });
    await until(() => a.heard.length === 2 && c.heard.length === 2, "the message event");
    await pause(200);
    expect(a.heard).toEqual([
      { type: "content", key: "home", version: 1 },
      { type: "message", id: 7 },
    ]);
    expect(b.heard).toEqual(a.heard);
    expect(c.heard).toEqual(a.heard);
    // The hook runs for others' events only: this instance's own were handled where they happened.
    expect(a.remote).toEqual([{ type: "message", id: 7 }]);
    expect(b.remote).toEqual([{ type: "content", key: "home", version: 1 }]);
  });

  it("keeps publishing order, and leaves out sites in other schemas and malformed notifications", async () => {
    const a = await instance();
    const b = await instance();
    const elsewhere = await instance("other_site");
    for (let version = 1; version <= 20; version++) a.bus.publish({ type: "content", key: "about", version });
    await pool.query("select pg_notify($1, $2)", [EVENTS_CHANNEL, "not json"]);
    await pool.query("select pg_notify($1, $2)", [EVENTS_CHANNEL, "null"]);
    await pool.query("select pg_notify($1, $2)", [
      EVENTS_CHANNEL,
      JSON.stringify({ origin: "x", schema: "public", event: { type: "drop-tables" } }),
    ]);
    await pool.query("select pg_notify($1, $2)", [
      EVENTS_CHANNEL,
      JSON.stringify({ origin: "x", schema: "public", event: { type: "content", key: "nope", version: 1 } }),
    ]);
    await until(() => b.heard.length === 20, "20 events");
    await pause(200);
    expect(b.heard.map((event) => event.type === "content" && event.version)).toEqual(
      [...Array(20).keys()].map((i) => i + 1),
    );
    expect(elsewhere.heard).toEqual([]);
    elsewhere.bus.publish({ type: "content", key: "home", version: 1 });
    await pause(200);
    expect(a.heard).toHaveLength(20);
  });

  it("reconnects a lost listener, reports what may have been missed, and hears again", async () => {
    const missed: LiveEvent = { type: "content", key: "services", version: 4 };
    const a = await instance();
    const b = await instance("public", [missed]);
    await until(async () => (await listeners()).length === 2, "two listeners");
    const before = await listeners();
    await pool.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [before]);
    await until(
      async () => (await listeners()).filter((pid) => !before.includes(pid)).length === 2,
      "two new listeners",
    );
    await until(() => b.catchUps() === 1 && a.catchUps() === 1, "catch-up after reconnecting");
    expect(b.heard).toEqual([missed]);
    a.bus.publish({ type: "content", key: "home", version: 9 });
    await until(() => b.heard.length === 2, "an event after reconnecting");
    expect(b.heard[1]).toEqual({ type: "content", key: "home", version: 9 });
  });

  it("stops listening when closed, after sending what was published", async () => {
    const a = await instance();
    const b = await instance();
    b.bus.publish({ type: "content", key: "home", version: 1 });
    await b.bus.close();
    await until(() => a.heard.length === 1, "the last event before closing");
    await until(async () => (await listeners()).length === 1, "the closed listener gone");
    a.bus.publish({ type: "content", key: "home", version: 2 });
    await pause(200);
    expect(b.heard).toEqual([{ type: "content", key: "home", version: 1 }]);
  });
});
