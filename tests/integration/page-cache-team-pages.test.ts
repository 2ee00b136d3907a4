// A save of Services, Partners or Home drops only the kept team pages (issue 42) whose blocks show
// it (content/kept-pages.ts, the render's x-page-shows): a services block shows the Services
// cards, a logos block the partners' logos (or Home's client logos). On the production build,
// through its real page cache and event bus. The cache keeps nothing in a database: SQLite only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch } from "../helpers/admin-server.ts";
import { signIn, tempDir } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";

let site: BuiltServer;
let admin: ReturnType<typeof adminFetch>;

const hero = (heading: string) => ({ type: "hero", heading, text: "A campaign of ours." });
/** Team pages and their blocks: one with the Services cards, one with the logos, one with neither. */
const TEAM_PAGES = {
  "/offers/services": [hero("Our services"), { type: "services" }],
  "/offers/logos": [hero("Who we work with"), { type: "logos" }],
  "/offers/plain": [hero("Plain offer"), { type: "faq", items: [{ question: "Why?", answer: "Because." }] }],
} as const;

beforeAll(async () => {
  await ensureBuiltOnce();
  site = await startBuiltServer(tempDir("agency-cache-team-pages-"), { PUBLIC_URL: "http://127.0.0.1" });
  admin = adminFetch(site, await signIn(site.url));
  for (const [path, blocks] of Object.entries(TEAM_PAGES)) {
    const data = {
      path,
      title: path,
      description: "",
      image: "",
      noindex: false,
      status: "published",
      blocks,
      variants: [],
    };
    const created = await admin("/api/pages", { method: "POST", body: JSON.stringify({ data }) });
    expect(created.status, path).toBe(201);
    // Its Sinhala version, at /si/….
    const { id } = await created.json();
    const translated = await admin(`/api/pages/${id}?locale=si`, {
      method: "PUT",
      body: JSON.stringify({ version: 0, data: { ...data, title: "ප්‍රචාරණය" } }),
    });
    expect(translated.status, path).toBe(200);
  }
}, 600_000);
afterAll(() => site.stop());

/** The addresses kept: each team page and its route data (a client-side navigation's), in English and Sinhala. */
const KEPT = Object.keys(TEAM_PAGES).flatMap((path) => [path, `/si${path}`, `${path}.data`]);

/** Each address's `x-page-cache` state as a visitor gets it now. */
async function states(paths: readonly string[]) {
  const found: Record<string, string | null> = {};
  for (const path of paths) {
    const answer = await fetch(`${site.url}${path}`);
    expect(answer.status, path).toBe(200);
    // What the page cache reads off a render is not sent on.
    expect(answer.headers.get("x-page-shows"), path).toBeNull();
    await answer.arrayBuffer();
    found[path] = answer.headers.get("x-page-cache");
  }
  return found;
}

/** The kept addresses a visitor gets rendered anew after `save`. */
async function renderedAfter(save: () => Promise<Response>) {
  await states(KEPT);
  expect(Object.values(await states(KEPT)).every((state) => state === "hit")).toBe(true);
  expect((await save()).status).toBe(200);
  const after = await states(KEPT);
  return KEPT.filter((path) => after[path] !== "hit");
}

/** A save of document `key` in English, changing nothing but its version. */
const resave = (key: string) => async () => {
  const current = await (await admin(`/api/content/${key}`)).json();
  return admin(`/api/content/${key}`, {
    method: "PUT",
    body: JSON.stringify({ version: current.version, data: current.data }),
  });
};

describe("the page cache after a save of what team pages' blocks show", () => {
  it("a Services save drops the page with a services block, in every language, and keeps the others", async () => {
    expect(await renderedAfter(resave("services"))).toEqual([
      "/offers/services",
      "/si/offers/services",
      "/offers/services.data",
    ]);
  });

  it("a Partners or Home save drops the page with a logos block (no partner: Home's client logos), and keeps the others", async () => {
    const logos = ["/offers/logos", "/si/offers/logos", "/offers/logos.data"];
    expect(await renderedAfter(resave("partners"))).toEqual(logos);
    expect(await renderedAfter(resave("home"))).toEqual(logos);
  });

  it("the footer's contact details drop every team page", async () => {
    expect(await renderedAfter(resave("contact"))).toEqual(KEPT);
  });
});
