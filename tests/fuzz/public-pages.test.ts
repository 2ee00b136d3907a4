// Property-based fuzzing of what a visitor's page request stores (issue 24): hostile
// addresses, query strings (utm_source, utm_campaign), Host and Referer headers, on the
// production build in a child process. Each case checks: no 5xx; another spelling of a
// page answers 301 to its canonical address and is never stored in the page cache;
// Insights' stored page views hold only canonical public paths and clean sources; and
// counting goes on afterwards (one bad request never stops it).
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIRECT_SOURCE, OTHER_SOURCE } from "#content/insights.ts";
import { publicPath } from "#content/public-pages.ts";
import { tempDir } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { tableRows } from "../helpers/table-rows.ts";
import { describeCase, fuzzAssert, fuzzParameters, oddString, propertyTimeout } from "./fuzz-kit.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

let server: BuiltServer;
let dataDir: string;

beforeAll(async () => {
  await ensureBuiltOnce();
  dataDir = tempDir("agency-fuzz-pages-");
  server = await startBuiltServer(dataDir);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A lone surrogate cannot be put in an address (encodeURIComponent throws): replaced, as a browser would. */
const component = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, "\uFFFD"));

const spelling = fc.oneof(
  fc.constantFrom(
    "/",
    "/about",
    "/ABOUT",
    "/%61bout",
    "/about///",
    "/x/%2e%2e/about",
    "//services",
    "/services/",
    "/Blog",
    "/blog/page/1",
    "/blog/page/99999",
    "/blog/%E0%A4%A",
    "/blog/../admin",
    "/contact?x=1",
    "/nope",
  ),
  oddString.filter((s) => s.length < 500).map((s) => `/${component(s)}`),
  fc.webPath().map((p) => p || "/"),
);
const tag = fc.oneof(fc.constantFrom("newsletter", "a\u0000b", "<b>x</b>\u202E", "x".repeat(300)), oddString);
const visit = fc.record({
  path: spelling,
  source: fc.option(tag, { nil: undefined }),
  campaign: fc.option(tag, { nil: undefined }),
  referer: fc.option(
    fc.oneof(
      fc.webUrl(),
      oddString.map((s) => `https://${component(s)}.example/`),
    ),
    {
      nil: undefined,
    },
  ),
});

/** What Insights may hold: a canonical page path; a source that is a host name, a short tag, or one of the two markers. */
const CLEAN_SOURCE = /^([a-z0-9._-]{1,100})$/;
function expectCleanViews(rows: Record<string, unknown>[], what: string) {
  for (const row of rows) {
    const path = String(row["path"]);
    expect(publicPath(path), `${what}: stored path ${JSON.stringify(path)}`).toMatchObject({ status: 200, path });
    for (const column of ["source", "campaign"]) {
      const value = row[column];
      if (value === null || value === undefined || value === DIRECT_SOURCE || value === OTHER_SOURCE) continue;
      expect(String(value), `${what}: stored ${column}`).toMatch(CLEAN_SOURCE);
    }
  }
}

/** What the recorder has written once its timer (every second) has run. */
async function viewsWritten(): Promise<Record<string, unknown>[]> {
  await new Promise((resolve) => setTimeout(resolve, 1_300));
  return tableRows(dataDir, "analytics_events");
}

describe("GET a public page (page cache and Insights)", () => {
  it(
    "answers hostile addresses, queries and headers without a 5xx; stores only canonical pages and clean sources",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(visit, async ({ path, source, campaign, referer }) => {
          const query = new URLSearchParams();
          if (source !== undefined) query.set("utm_source", source.replace(/[\uD800-\uDFFF]/gu, "\uFFFD"));
          if (campaign !== undefined) query.set("utm_campaign", campaign.replace(/[\uD800-\uDFFF]/gu, "\uFFFD"));
          const url = `${server.url}${path}${query.size ? `${path.includes("?") ? "&" : "?"}${query}` : ""}`;
          const what = `GET ${describeCase(url.slice(server.url.length))} referer ${describeCase(referer ?? "")}`;
          const headers: Record<string, string> = { "User-Agent": CHROME };
          if (referer) headers["Referer"] = referer.replace(/[^\x20-\x7e]/g, "");
          const answer = await fetch(url, { headers, redirect: "manual" });
          await answer.arrayBuffer();
          expect(answer.status, what).toBeLessThan(500);
          // What was sent: fetch, as browsers do, resolves dot segments first.
          const asked = publicPath(new URL(url).pathname);
          if (asked?.status === 301) {
            expect(answer.status, what).toBe(301);
            expect(answer.headers.get("x-page-cache"), what).toBeNull();
          }
        }),
        fuzzParameters(2),
      );
      expectCleanViews(await viewsWritten(), "after the hostile visits");
      // Whatever came before, a plain visit is still counted.
      const answer = await fetch(`${server.url}/services?utm_source=after-fuzz`, { headers: { "User-Agent": CHROME } });
      expect(answer.status).toBe(200);
      await expect.poll(async () => (await viewsWritten()).some((row) => row["source"] === "after-fuzz")).toBe(true);
    },
    propertyTimeout(3),
  );
});
