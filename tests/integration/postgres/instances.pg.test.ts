// Two instances of the site on one PostgreSQL database, as behind a load balancer.
import { existsSync, rmSync } from "node:fs";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultHome } from "#content/defaults.ts";
import { submitContactMessage } from "#server/contact/submit.ts";
import { openPostgresStore } from "#server/db/postgres.ts";
import { signIn } from "../../helpers/api-server.ts";
import { adminFetch, startTestServer, tempDir, type TestServer } from "../../helpers/admin-server.ts";
import { createTestDatabase, postgresUnavailable, type TestDatabase } from "../../helpers/test-database.ts";

const missing = await postgresUnavailable();

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An open /api/events stream that keeps everything it receives. */
async function openEvents(server: TestServer, cookie?: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/events`, {
    signal: controller.signal,
    headers: cookie ? { Cookie: cookie } : {},
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted
    }
  })();
  await until(() => text.includes("event: ready"), "the stream to open");
  return {
    /** The data of every `event: <type>` frame so far. */
    frames(type: string): unknown[] {
      return [...text.matchAll(new RegExp(`event: ${type}\\ndata: (.*)\\n`, "g"))].map((match) =>
        JSON.parse(match[1]!),
      );
    },
    close: () => controller.abort(),
  };
}

describe.skipIf(missing)(`two instances on one PostgreSQL database${missing ? ` — skipped: ${missing}` : ""}`, () => {
  let database: TestDatabase;
  let url: string;
  let admin: pg.Pool;
  const dataDir = tempDir("agency-shared-");
  let a: TestServer;
  let b: TestServer;
  let apiA: ReturnType<typeof adminFetch>;
  let apiB: ReturnType<typeof adminFetch>;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    url = await database.freshSchema();
    admin = new pg.Pool({ connectionString: database.url, max: 2 });
    // One data folder for both (uploads must be shared too), one database.
    a = await startTestServer({ dataDir, env: { DATABASE_URL: url } });
    b = await startTestServer({ dataDir, env: { DATABASE_URL: url } });
    cookie = await signIn(a.url);
    apiA = adminFetch(a, cookie);
    apiB = adminFetch(b, cookie);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await admin?.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const home = async (server: TestServer) =>
    (await (await fetch(`${server.url}/api/content/home`)).json()) as { version: number; data: typeof defaultHome };
  const saveHome = (api: ReturnType<typeof adminFetch>, version: number, title: string) =>
    api("/api/content/home", {
      method: "PUT",
      body: JSON.stringify({ version, data: { ...defaultHome, hero: { ...defaultHome.hero, title } } }),
    });

  it("shares sign-ins: a session made on one instance works on the other", async () => {
    expect(a.deps.store.dialect).toBe("postgres");
    expect((await apiB("/api/auth/me")).status).toBe(200);
  });

  it("a save on one instance reaches the other's SSE streams once, and the other's reads are fresh", async () => {
    // Both instances have home cached at version 0.
    expect((await home(a)).version).toBe(0);
    expect((await home(b)).version).toBe(0);
    const onA = await openEvents(a);
    const onB = await openEvents(b);
    try {
      const saved = await saveHome(apiA, 0, "Saved on A");
      expect(saved.status).toBe(200);
      await until(() => onB.frames("content").length > 0, "the save to reach B's stream");
      const fromB = await home(b);
      expect(fromB.version).toBe(1);
      expect(fromB.data.hero.title).toBe("Saved on A");

      // And back: B saves, A hears it and reads it.
      expect((await saveHome(apiB, 1, "Saved on B")).status).toBe(200);
      await until(() => onA.frames("content").length === 2, "B's save to reach A's stream");
      expect((await home(a)).data.hero.title).toBe("Saved on B");

      // A stale save on either instance is refused with the other's version.
      const stale = await saveHome(apiA, 1, "Stale");
      expect(stale.status).toBe(409);
      expect((await stale.json()).current).toMatchObject({ version: 2, updatedBy: "owner@example.lk" });

      await pause(300);
      const expected = [
        { key: "home", version: 1, spread: 0 },
        { key: "home", version: 2, spread: 0 },
      ];
      expect(onA.frames("content")).toEqual(expected);
      expect(onB.frames("content")).toEqual(expected);
    } finally {
      onA.close();
      onB.close();
    }
  });

  it("a post saved on one instance reaches the other's streams by id; races for an address both get one", async () => {
    const onB = await openEvents(b);
    try {
      const post = (title: string) => ({
        title,
        excerpt: "Shared.",
        content: "Body.",
        date: "2026-02-02",
        readTime: "1 min read",
        image: "",
        featured: false,
        placementId: 0,
      });
      const created = await (
        await apiA("/api/posts", { method: "POST", body: JSON.stringify({ data: post("Shared Post") }) })
      ).json();
      await until(() => onB.frames("post").length > 0, "the new post to reach B's stream");
      expect(onB.frames("post")).toEqual([{ id: created.id, version: 1, spread: 0 }]);
      // B reads it at once, and refuses a save based on an older version than A's.
      const savedOnA = await apiA(`/api/posts/${created.id}`, {
        method: "PUT",
        body: JSON.stringify({ version: 1, data: { ...post("Shared Post"), excerpt: "From A." } }),
      });
      expect(savedOnA.status).toBe(200);
      const stale = await apiB(`/api/posts/${created.id}`, {
        method: "PUT",
        body: JSON.stringify({ version: 1, data: { ...post("Shared Post"), excerpt: "From B." } }),
      });
      expect(stale.status).toBe(409);
      expect((await stale.json()).current.data.excerpt).toBe("From A.");

      // The same title created on both at once: two posts, two addresses.
      const [one, two] = await Promise.all(
        [apiA, apiB].map(async (api) =>
          (
            await api("/api/posts", { method: "POST", body: JSON.stringify({ data: post("Race For An Address") }) })
          ).json(),
        ),
      );
      expect([one.slug, two.slug].sort()).toEqual(["race-for-an-address", "race-for-an-address-2"]);
    } finally {
      onB.close();
    }
  });

  it("a post scheduled on one instance goes live on both at its time: each announces it to its own streams once", async () => {
    // Visitors hear of it once it is public; the staff's streams hear its save too (issue 39).
    const onA = await openEvents(a);
    const onB = await openEvents(b);
    const staffOnA = await openEvents(a, cookie);
    const staffOnB = await openEvents(b, cookie);
    try {
      const publishAt = new Date(Date.now() + 1_500).toISOString();
      const created = await (
        await apiA("/api/posts", {
          method: "POST",
          body: JSON.stringify({
            data: {
              title: "Scheduled Across Instances",
              excerpt: "Soon.",
              content: "Body.",
              date: "2026-02-02",
              readTime: "1 min read",
              image: "",
              featured: false,
              placementId: 0,
              publishAt,
            },
          }),
        })
      ).json();
      const framesOf = (stream: Awaited<ReturnType<typeof openEvents>>) =>
        stream.frames("post").filter((frame) => (frame as { id?: string }).id === created.id);
      // The save, then going live: on B the save came from A, going live from B's own clock.
      await until(
        () =>
          framesOf(staffOnA).length === 2 &&
          framesOf(staffOnB).length === 2 &&
          framesOf(onA).length === 1 &&
          framesOf(onB).length === 1,
        "both to announce it",
        10_000,
      );
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
      await pause(300);
      expect(framesOf(staffOnA)).toHaveLength(2);
      expect(framesOf(staffOnB)).toHaveLength(2);
      expect(framesOf(onA)).toHaveLength(1);
      expect(framesOf(onB)).toHaveLength(1);
    } finally {
      for (const stream of [onA, onB, staffOnA, staffOnB]) stream.close();
    }
  });

  it("a contact message stored by one instance shows up live in the other's admin stream", async () => {
    const adminOnB = await openEvents(b, cookie);
    try {
      const result = await submitContactMessage(
        a.deps,
        { name: "Nimal Perera", email: "nimal@example.lk", company: "", message: "Hello from A" },
        { ip: "203.0.113.9", userAgent: "vitest" },
      );
      expect(result.ok).toBe(true);
      await until(() => adminOnB.frames("message").length === 1, "the message event on B");
      const [event] = adminOnB.frames("message") as { id: number }[];
      const inbox = await (await apiB("/api/messages")).json();
      expect(inbox.messages.map((m: { id: number }) => m.id)).toEqual([event!.id]);
    } finally {
      adminOnB.close();
    }
  });

  it("a preview stored through one instance is the other's too, and its admin streams (only) hear of it", async () => {
    const adminOnB = await openEvents(b, cookie);
    const visitorOnB = await openEvents(b);
    try {
      const token = "shared-preview-token-1";
      const draft = { documents: { home: { ...defaultHome, hero: { ...defaultHome.hero, title: "Previewed on A" } } } };
      const stored = await apiA(`/api/previews/${token}`, { method: "PUT", body: JSON.stringify(draft) });
      expect(stored.status).toBe(200);
      await until(() => adminOnB.frames("preview").length === 1, "the preview event on B");
      expect(adminOnB.frames("preview")).toEqual([{ token }]);
      expect((await b.deps.store.previews.get(token))?.data).toEqual(draft);
      // A save after it reaches B's visitor: by then the preview event would have, had it been sent.
      const current = await (await apiA("/api/content/about")).json();
      await apiA("/api/content/about", {
        method: "PUT",
        body: JSON.stringify({ version: current.version, data: current.data }),
      });
      await until(() => visitorOnB.frames("content").length > 0, "the save on B's visitor stream");
      expect(visitorOnB.frames("preview")).toEqual([]);
    } finally {
      adminOnB.close();
      visitorOnB.close();
    }
  });

  it("serves an image uploaded through one instance from the other (shared data folder)", async () => {
    const image = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#0f172a" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "team.png");
    const uploaded = await apiA("/api/media", { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const { url: imageUrl } = await uploaded.json();
    expect((await fetch(`${b.url}${imageUrl}`)).status).toBe(200);
    expect(await b.deps.store.media.list()).toHaveLength(1);
  });

  it("after losing its listener connection, an instance catches up on missed saves and hears new ones", async () => {
    const listeners = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and application_name = 'agency-site events'",
        )
      ).rows.map((row) => row.pid);
    const onB = await openEvents(b);
    try {
      const before = await home(b);
      // A save no instance announces (as if its NOTIFY was lost), then both listeners drop.
      const quiet = await openPostgresStore(url, { max: 1 });
      try {
        expect(
          (
            await quiet.documents.save(
              "home",
              { ...defaultHome, hero: { ...defaultHome.hero, title: "Missed" } },
              before.version,
              null,
            )
          ).ok,
        ).toBe(true);
        // And a post, written as quietly.
        await quiet.posts.create(
          {
            title: "Missed Post",
            excerpt: "",
            content: "",
            date: "2026-03-03",
            readTime: "1 min read",
            image: "",
            featured: false,
            placementId: 0,
            status: "published",
          },
          null,
        );
      } finally {
        await quiet.close();
      }
      expect((await home(b)).version).toBe(before.version); // cached, as nothing said otherwise
      await until(async () => (await listeners()).length === 2, "two listeners");
      const old = await listeners();
      await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [old]);
      await until(() => onB.frames("content").length + onB.frames("post").length === 2, "the catch-up events on B");
      // The post is not known by id: pages showing posts refresh.
      expect(onB.frames("content")).toEqual([{ key: "home", version: before.version + 1, spread: 0 }]);
      expect(onB.frames("post")).toEqual([{ version: 0, spread: 0 }]);
      expect((await home(b)).data.hero.title).toBe("Missed");
      await until(
        async () => (await listeners()).filter((pid) => !old.includes(pid)).length === 2,
        "both listeners back",
      );

      expect((await saveHome(apiA, before.version + 1, "After the outage")).status).toBe(200);
      await until(() => onB.frames("content").length === 2, "a new save after reconnecting");
      expect((await home(b)).data.hero.title).toBe("After the outage");
    } finally {
      onB.close();
    }
  });

  it("keeps the shared folder and database for the other instance when one stops", async () => {
    await a.stop();
    expect(existsSync(dataDir)).toBe(true);
    expect((await home(b)).data.hero.title).toBe("After the outage");
    expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
  });
});
