// The team's pages (issue 42): the /api/pages endpoints, their versions, history, translations,
// roles, results and Use B, what visitors read of them (the read model) and the scheduler. SQLite
// here, PostgreSQL in ./postgres/pages-api.pg.test.ts.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LandingPageInput } from "#content/landing-page-schema.ts";
import { LANDING_PATH_TAKEN } from "#content/landing-pages.ts";
import type {
  LandingPageRecord,
  LandingPageResults,
  LandingPageSummary,
  LandingPageTranslationRecord,
} from "#content/landing-page-api.ts";
import type { LiveEvent } from "#content/live-events.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { tableRows } from "../helpers/table-rows.ts";

let server: TestServer;
let admin: Fetch;
let editor: Fetch;
let writer: Fetch;
type Fetch = ReturnType<typeof adminFetch>;
const PASSWORD = "a long enough password";

beforeAll(async () => {
  server = await startTestServer();
  admin = adminFetch(server, await signIn(server.url));
  const as = async (role: "editor" | "writer") => {
    const email = `${role}@example.lk`;
    const added = await admin("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email, password: PASSWORD, role }),
    });
    expect(added.status).toBe(201);
    return adminFetch(server, await signIn(server.url, { email, password: PASSWORD }));
  };
  editor = await as("editor");
  writer = await as("writer");
});
afterAll(() => server.close());

let paths = 0;
/** A page at a fresh address, published unless `extra` says otherwise. */
const page = (extra: Partial<LandingPageInput> = {}): LandingPageInput => ({
  path: `/offers/colombo-smes-${++paths}`,
  title: "Colombo SMEs: a brand in 30 days",
  description: "An offer for small businesses in Colombo.",
  image: "",
  noindex: false,
  status: "published",
  blocks: [
    { type: "hero", heading: "Your brand, ready in 30 days", text: "Strategy, logo and site for Colombo SMEs." },
    { type: "faq", items: [{ question: "How long does it take?", answer: "Thirty days from our first call." }] },
    { type: "contact" },
  ],
  variants: [],
  ...extra,
});

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

async function create(data: unknown, as: Fetch = admin): Promise<LandingPageRecord> {
  const created = await as("/api/pages", json("POST", { data }));
  expect(created.status, await created.clone().text()).toBe(201);
  return (await created.json()) as LandingPageRecord;
}

async function read(id: string, as: Fetch = admin): Promise<LandingPageRecord> {
  const answer = await as(`/api/pages/${id}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as LandingPageRecord;
}

async function list(as: Fetch = admin): Promise<LandingPageSummary[]> {
  const answer = await as("/api/pages");
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { pages: LandingPageSummary[] }).pages;
}

/** Everything stored of the pages, to compare before and after a refused request. */
const stored = async () => ({
  pages: await tableRows(server.dataDir, "landing_pages"),
  revisions: (await tableRows(server.dataDir, "landing_page_revisions")).length,
  translations: await tableRows(server.dataDir, "landing_page_translations"),
});

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe("create, read, list, save, conflict, delete", () => {
  it("creates a page at its address with version 1, reads it back whole, and lists it without its blocks", async () => {
    const data = page();
    const created = await create(data);
    expect(created).toMatchObject({ version: 1, updatedBy: "owner@example.lk", data: { ...data, path: data.path } });
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(await read(created.id)).toEqual(created);
    const summary = (await list()).find((p) => p.id === created.id);
    expect(summary).toMatchObject({
      path: data.path,
      title: data.title,
      status: "published",
      state: "published",
      noindex: false,
      languages: ["en"],
      hasVariant: false,
      views: 0,
      leads: 0,
    });
    expect(summary).not.toHaveProperty("blocks");
    expect(summary).not.toHaveProperty("data");
  });

  it("saves against the version; an old version gets 409 with the current page and changes nothing", async () => {
    const created = await create(page());
    const moved = { ...created.data, path: `${created.data.path}-new`, title: "Colombo SMEs, again" };
    const saved = await admin(`/api/pages/${created.id}`, json("PUT", { version: 1, data: moved }));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ version: 2, data: moved });
    const before = await stored();
    const stale = await editor(`/api/pages/${created.id}`, json("PUT", { version: 1, data: created.data }));
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { error: string; current: LandingPageRecord };
    expect(body.error).toBe("This page was changed by owner@example.lk since you opened it.");
    expect(body.current).toMatchObject({ version: 2, data: moved });
    expect(await stored()).toEqual(before);
  });

  it("deletes a page and its translations; its history stays; a second delete is 404", async () => {
    const created = await create(page());
    const translated = await admin(
      `/api/pages/${created.id}?locale=si`,
      json("PUT", { version: 0, data: { ...created.data, title: "කොළඹ SME" } }),
    );
    expect(translated.status).toBe(200);
    expect((await admin(`/api/pages/${created.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await admin(`/api/pages/${created.id}`)).status).toBe(404);
    expect((await admin(`/api/pages/${created.id}?locale=si`)).status).toBe(404);
    expect((await admin(`/api/pages/${created.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await stored()).translations.filter((row) => row["page_id"] === created.id)).toEqual([]);
    const revisions = (await tableRows(server.dataDir, "landing_page_revisions")).filter(
      (r) => r["page_id"] === created.id,
    );
    expect(revisions).toHaveLength(1);
    expect((await list()).some((p) => p.id === created.id)).toBe(false);
  });

  it("refuses visitors (401) and a foreign origin (403)", async () => {
    const created = await create(page());
    for (const [method, path] of [
      ["GET", "/api/pages"],
      ["GET", `/api/pages/${created.id}`],
      ["POST", "/api/pages"],
      ["PUT", `/api/pages/${created.id}`],
      ["DELETE", `/api/pages/${created.id}`],
      ["GET", `/api/pages/${created.id}/results`],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method, headers: { "Content-Type": "application/json" } });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    const foreign = await admin(`/api/pages/${created.id}`, {
      ...json("PUT", { version: 1, data: created.data }),
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await read(created.id)).version).toBe(1);
  });
});

describe("bad input: a clear 400 and nothing stored", () => {
  it("refuses each kind of bad page, and a page at a reserved or taken address", async () => {
    const taken = await create(page());
    const other = await create(page());
    const cases: [unknown, string][] = [
      [page({ blocks: [{ type: "carousel" } as never] }), "blocks.0.type: Unknown block type."],
      [page({ path: taken.data.path }), `path: ${LANDING_PATH_TAKEN}`],
      [page({ path: "/blog/offer" }), "path: The blog answers at /blog and below: choose another address."],
      [page({ path: "/admin/offer" }), "path: /admin is kept for the site itself: choose another address."],
      [page({ path: "/si/offer" }), "path: /si/… is the Sinhala version of the site's pages: choose another address."],
      [page({ path: "/services" }), "path: /services is the site's Services page: choose another address."],
      [page({ path: "/Offers" }), "path: Use one to three parts"],
      [
        page({ blocks: [{ type: "hero", heading: "<script>alert(1)</script>", text: "" }] }),
        "blocks.0.heading: Write plain text: HTML tags are not allowed here.",
      ],
      [{ ...page(), colour: "red" }, "Unknown field: colour"],
      [page({ title: "" }), "title: Give the page a title."],
    ];
    const before = await stored();
    for (const [data, message] of cases) {
      const answer = await admin("/api/pages", json("POST", { data }));
      expect(answer.status, message).toBe(400);
      expect(await errorOf(answer)).toContain(message);
      const save = await admin(`/api/pages/${other.id}`, json("PUT", { version: 1, data }));
      expect(save.status, message).toBe(400);
      expect(await errorOf(save)).toContain(message);
    }
    const malformed = await admin("/api/pages", { method: "POST", body: "{not json" });
    expect(malformed.status).toBe(400);
    const huge = await admin("/api/pages", json("POST", { data: page({ description: "x".repeat(3_000_000) }) }));
    expect([400, 413]).toContain(huge.status);
    expect(await stored()).toEqual(before);
  });
});

describe("history and restore", () => {
  it("keeps every version and restores one as a new version", async () => {
    const created = await create(page());
    const second = { ...created.data, title: "Second title" };
    await admin(`/api/pages/${created.id}`, json("PUT", { version: 1, data: second }));
    const history = (await (await admin(`/api/pages/${created.id}/revisions`)).json()) as {
      revisions: { version: number }[];
    };
    expect(history.revisions.map((r) => r.version)).toEqual([2, 1]);
    const first = (await (await admin(`/api/pages/${created.id}/revisions/1`)).json()) as LandingPageRecord;
    expect(first.data).toEqual(created.data);
    const stale = await admin(`/api/pages/${created.id}/revisions/1/restore`, json("POST", { version: 1 }));
    expect(stale.status).toBe(409);
    const restored = await admin(`/api/pages/${created.id}/revisions/1/restore`, json("POST", { version: 2 }));
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ version: 3, data: created.data });
    const again = (await (await admin(`/api/pages/${created.id}/revisions`)).json()) as {
      revisions: { version: number; restoredFrom: number | null }[];
    };
    expect(again.revisions[0]).toMatchObject({ version: 3, restoredFrom: 1 });
    expect((await admin(`/api/pages/${created.id}/revisions/9`)).status).toBe(404);
  });
});

describe("translations", () => {
  it("saves a first translation over version 0, reads it with each text's state, and refuses a stale save", async () => {
    const created = await create(page());
    const empty = await admin(`/api/pages/${created.id}?locale=si`);
    expect(empty.status).toBe(200);
    const untranslated = (await empty.json()) as LandingPageTranslationRecord;
    expect(untranslated).toMatchObject({ version: 0, englishVersion: 1, data: { status: "draft" } });
    expect(untranslated.states["blocks.0.heading"]).toBe("missing");
    expect(untranslated.englishTexts["blocks.0.heading"]).toBe("Your brand, ready in 30 days");

    const sinhala = structuredClone(created.data);
    sinhala.title = "කොළඹ SME: දින 30කින් වෙළඳ නාමයක්";
    (sinhala.blocks[0] as { heading: string }).heading = "ඔබේ වෙළඳ නාමය, දින 30කින් සූදානම්";
    const first = await admin(`/api/pages/${created.id}?locale=si`, json("PUT", { version: 0, data: sinhala }));
    expect(first.status, await first.clone().text()).toBe(200);
    const saved = (await first.json()) as LandingPageTranslationRecord;
    expect(saved).toMatchObject({ version: 1, locale: "si", data: { status: "published", title: sinhala.title } });
    expect(saved.states).toMatchObject({
      title: "translated",
      "blocks.0.heading": "translated",
      "blocks.1.items.0.question": "missing",
    });

    const stale = await editor(`/api/pages/${created.id}?locale=si`, json("PUT", { version: 0, data: sinhala }));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ current: { version: 1 } });

    // English changes: the Sinhala heading is now out of date ("stale"), still shown.
    const english = structuredClone(created.data);
    (english.blocks[0] as { heading: string }).heading = "Your brand in 30 days";
    await admin(`/api/pages/${created.id}`, json("PUT", { version: 1, data: english }));
    const after = (await (await admin(`/api/pages/${created.id}?locale=si`)).json()) as LandingPageTranslationRecord;
    expect(after.states["blocks.0.heading"]).toBe("stale");
    expect((after.data.blocks[0] as { heading: string }).heading).toBe("ඔබේ වෙළඳ නාමය, දින 30කින් සූදානම්");
    expect((await list()).find((p) => p.id === created.id)?.languages).toEqual(["en", "si"]);

    // A translation's own history; deleting it leaves English.
    const history = (await (await admin(`/api/pages/${created.id}/revisions?locale=si`)).json()) as {
      revisions: { version: number }[];
    };
    expect(history.revisions.map((r) => r.version)).toEqual([1]);
    expect((await admin(`/api/pages/${created.id}?locale=si`, { method: "DELETE" })).status).toBe(200);
    expect((await read(created.id)).version).toBe(2);
    expect((await (await admin(`/api/pages/${created.id}?locale=si`)).json()).version).toBe(0);
  });

  it("the public read model shows a translated page only once its translation is published, English where none", async () => {
    const created = await create(page());
    const pages = server.deps.store.pages;
    expect(await pages.findByPath(created.data.path)).toMatchObject({ id: created.id, data: created.data });
    expect(await pages.findByPath(created.data.path, "ta")).toBeUndefined();
    const tamil = structuredClone(created.data);
    (tamil.blocks[0] as { heading: string }).heading = "உங்கள் பிராண்ட், 30 நாட்களில் தயார்";
    const draft = await admin(
      `/api/pages/${created.id}?locale=ta`,
      json("PUT", { version: 0, data: { ...tamil, status: "draft" } }),
    );
    expect(draft.status).toBe(200);
    expect(await pages.findByPath(created.data.path, "ta")).toBeUndefined();
    await admin(`/api/pages/${created.id}?locale=ta`, json("PUT", { version: 1, data: tamil }));
    const shown = await pages.findByPath(created.data.path, "ta");
    expect(shown).toMatchObject({ id: created.id, locale: "ta" });
    expect((shown!.data.blocks[0] as { heading: string }).heading).toBe("உங்கள் பிராண்ட், 30 நாட்களில் தயார்");
    expect(shown!.english).toContain("title");
    expect((await pages.everyPublic("ta")).map((p) => p.id)).toContain(created.id);
    const addresses = (await pages.addressesInLanguages()).find((a) => a.id === created.id);
    expect(Object.keys(addresses!.languages).sort()).toEqual(["en", "ta"]);
    // Hidden from search engines: out of the sitemap, still a page.
    await admin(`/api/pages/${created.id}`, json("PUT", { version: 1, data: { ...created.data, noindex: true } }));
    expect((await pages.addressesInLanguages()).some((a) => a.id === created.id)).toBe(false);
    expect(await pages.findByPath(created.data.path)).toBeDefined();
  });
});

describe("a Writer", () => {
  it("drafts their own pages only, submits them for review, and never publishes or deletes", async () => {
    const mine = await create(page({ status: "published", publishAt: "2026-01-01T00:00:00Z" }), writer);
    expect(mine.data.status).toBe("draft");
    expect(mine.data).not.toHaveProperty("publishAt");
    const submitted = await writer(
      `/api/pages/${mine.id}`,
      json("PUT", { version: 1, data: { ...mine.data, review: true } }),
    );
    expect(submitted.status).toBe(200);
    expect(await submitted.json()).toMatchObject({ version: 2, data: { status: "draft", review: true } });
    const theirs = await create(page());
    expect((await writer(`/api/pages/${theirs.id}`)).status).toBe(403);
    expect((await list(writer)).map((p) => p.id)).toEqual([mine.id]);
    expect((await writer(`/api/pages/${mine.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await writer(`/api/pages/${mine.id}/use-b`, json("POST", { version: 2 }))).status).toBe(403);
    // Once an Editor publishes it, it is no longer the Writer's to change.
    const current = await read(mine.id);
    await editor(
      `/api/pages/${mine.id}`,
      json("PUT", { version: current.version, data: { ...current.data, status: "published" } }),
    );
    const published = await read(mine.id);
    expect(published.data).not.toHaveProperty("review");
    const refused = await writer(
      `/api/pages/${mine.id}`,
      json("PUT", { version: published.version, data: published.data }),
    );
    expect(refused.status).toBe(403);
    expect((await read(mine.id)).version).toBe(published.version);
  });
});

describe("images", () => {
  it("a page's image is a use of it (not deleted from the library); one not in the library is refused", async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#0369a1" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "office.png");
    const uploaded = await admin("/api/media", { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const { id: imageId, url } = (await uploaded.json()) as { id: string; url: string };
    const created = await create(page({ blocks: [{ type: "image", image: url, alt: "Our office in Colombo" }] }));
    const refused = await admin(`/api/media/${imageId}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      uses: [{ kind: "page", id: created.id, key: created.data.path, field: "blocks.0.image" }],
    });
    const before = await stored();
    const missing = await admin("/api/pages", json("POST", { data: page({ image: `/media/${"a".repeat(24)}` }) }));
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toContain("is not in the media library");
    expect(await stored()).toEqual(before);
  });
});

describe("results and Use B", () => {
  it("gives each variant's views and leads and how likely B beats A; Use B makes B the page", async () => {
    const b = [{ type: "hero" as const, heading: "Sell more in Colombo", text: "Strategy, logo and site." }];
    const created = await create(page({ variants: [{ name: "B", blocks: b }] }));
    const results = await admin(`/api/pages/${created.id}/results?days=30`);
    expect(results.status).toBe(200);
    const answer = (await results.json()) as LandingPageResults;
    expect(answer.variants.map((v) => v.name)).toEqual(["A", "B"]);
    expect(answer.probabilityBBeatsA).toBeCloseTo(0.5, 6);
    expect((await admin(`/api/pages/${created.id}/results?days=0`)).status).toBe(400);

    const used = await admin(`/api/pages/${created.id}/use-b`, json("POST", { version: 1 }));
    expect(used.status).toBe(200);
    expect(await used.json()).toMatchObject({ version: 2, data: { blocks: b, variants: [] } });
    const none = (await (await admin(`/api/pages/${created.id}/results`)).json()) as LandingPageResults;
    expect(none.probabilityBBeatsA).toBeNull();
    const again = await admin(`/api/pages/${created.id}/use-b`, json("POST", { version: 2 }));
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toBe("This page has no variant B to use.");
  });
});

describe("announcements and the scheduler", () => {
  it("announces a save with the page's address (and the one it left), and a scheduled page when its time comes", async () => {
    const events: (LiveEvent & { at: number })[] = [];
    const stop = server.deps.bus.subscribe(
      (event) => event.type === "page" && events.push({ ...event, at: Date.now() }),
    );
    try {
      const created = await create(page());
      const moved = { ...created.data, path: `${created.data.path}-moved` };
      await admin(`/api/pages/${created.id}`, json("PUT", { version: 1, data: moved }));
      expect(events.filter((e) => e.type === "page" && e.id === created.id)).toMatchObject([
        { path: created.data.path, version: 1 },
        { path: moved.path, formerPath: created.data.path, version: 2 },
      ]);

      const publishAt = new Date(Date.now() + 1_500).toISOString();
      const scheduled = await create(page({ publishAt }));
      expect(await server.deps.store.pages.findByPath(scheduled.data.path)).toBeUndefined();
      await expect
        .poll(() => events.filter((e) => e.type === "page" && e.id === scheduled.id).length, { timeout: 10_000 })
        .toBe(2);
      const [saved, live] = events.filter((e) => e.type === "page" && e.id === scheduled.id);
      expect(saved!.at).toBeLessThan(Date.parse(publishAt));
      expect(live!.at).toBeGreaterThanOrEqual(Date.parse(publishAt));
      expect(await server.deps.store.pages.findByPath(scheduled.data.path)).toMatchObject({ id: scheduled.id });
    } finally {
      stop();
    }
  });
});
