// A save drops only the kept pages that show what it changed, in the languages it shows in
// (issue 40; content/page-content.ts): a Sinhala typo fix on About renders /si/about again and
// leaves Home, English About and every Tamil page as they were kept. On the production build,
// through its real page cache and event bus. The cache keeps nothing in a database: SQLite only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch } from "../helpers/admin-server.ts";
import { signIn, tempDir } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";

let site: BuiltServer;
let admin: ReturnType<typeof adminFetch>;

beforeAll(async () => {
  await ensureBuiltOnce();
  site = await startBuiltServer(tempDir("agency-cache-languages-"), { PUBLIC_URL: "http://127.0.0.1" });
  admin = adminFetch(site, await signIn(site.url));
}, 600_000);
afterAll(() => site.stop());

const PAGES = ["/", "/about", "/services", "/si", "/si/about", "/si/services", "/ta", "/ta/about"];

/** Each page's `x-page-cache` state as a visitor gets it now, and its text. */
async function visit(pages: readonly string[]) {
  const states: Record<string, string | null> = {};
  const texts: Record<string, string> = {};
  for (const page of pages) {
    const answer = await fetch(`${site.url}${page}`);
    expect(answer.status, page).toBe(200);
    states[page] = answer.headers.get("x-page-cache");
    texts[page] = await answer.text();
  }
  return { states, texts };
}

/** The pages a visitor gets rendered anew (`miss`) after `save`, every page kept before it. */
async function renderedAfter(save: () => Promise<Response>) {
  await visit(PAGES);
  expect(Object.values((await visit(PAGES)).states).every((state) => state === "hit")).toBe(true);
  expect((await save()).status).toBe(200);
  const after = await visit(PAGES);
  return { missed: PAGES.filter((page) => after.states[page] !== "hit"), texts: after.texts };
}

describe("the page cache after a save", () => {
  it("a Sinhala text of About renders the Sinhala About page only, which shows it", async () => {
    const current = await (await admin("/api/content/about?locale=si")).json();
    const title = "අප ගැන — ලංකා ග්‍රෝත් පාට්නර්ස්"; // a zero-width joiner inside ග්‍රෝ
    const { missed, texts } = await renderedAfter(() =>
      admin("/api/content/about?locale=si", {
        method: "PUT",
        body: JSON.stringify({
          version: current.version,
          englishVersion: current.englishVersion,
          data: { ...current.data, title },
        }),
      }),
    );
    expect(missed).toEqual(["/si/about"]);
    expect(texts["/si/about"]).toContain(title);
    expect(texts["/about"]).not.toContain(title);
  });

  it("an English save of About renders About in every language, and nothing else", async () => {
    const current = await (await admin("/api/content/about")).json();
    const { missed, texts } = await renderedAfter(() =>
      admin("/api/content/about", {
        method: "PUT",
        body: JSON.stringify({ version: current.version, data: { ...current.data, mission: "Growth, measured." } }),
      }),
    );
    expect(missed).toEqual(["/about", "/si/about", "/ta/about"]);
    expect(texts["/ta/about"]).toContain("Growth, measured."); // not translated yet: English shows
  });

  it("the footer's contact details in Tamil render every Tamil page, and no other", async () => {
    const current = await (await admin("/api/content/contact?locale=ta")).json();
    const address = "கொழும்பு 03, இலங்கை";
    const { missed, texts } = await renderedAfter(() =>
      admin("/api/content/contact?locale=ta", {
        method: "PUT",
        body: JSON.stringify({
          version: current.version,
          englishVersion: current.englishVersion,
          data: { ...current.data, info: { ...current.data.info, address } },
        }),
      }),
    );
    expect(missed).toEqual(["/ta", "/ta/about"]);
    expect(texts["/ta"]).toContain(address);
  });
});
