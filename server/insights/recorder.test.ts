import { expect, it } from "vitest";
import type { EventBus } from "#server/events/bus.ts";
import type { Logger } from "#server/logger.ts";
import { describeEachStore } from "../../tests/helpers/each-store.ts";
import { createInsightsRecorder } from "./recorder.ts";
import type { InsightsStore, StoredView } from "./types.ts";

// The recorder's writes on both databases: text a database cannot store, a row it refuses, and a
// database that is away. Counting through the HTTP server: tests/integration/insights*.test.ts.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const NOON = Date.parse("2026-03-01T06:30:00Z"); // 12:00 in Colombo
const DAY = "2026-03-01";

const bus: EventBus = { publish() {}, publishLocal() {}, subscribe: () => () => undefined, size: 0, connected: true };

function recorderOn(store: InsightsStore) {
  const warnings: string[] = [];
  const logger: Logger = { debug() {}, info() {}, error() {}, warn: (message) => warnings.push(message) };
  const recorder = createInsightsRecorder({
    store,
    bus,
    logger,
    timeZone: "Asia/Colombo",
    enabled: true,
    now: () => NOON,
    notifyMs: 60_000,
  });
  let visitor = 0;
  const visit = (url: string) =>
    recorder.page({
      url,
      address: `203.0.113.${++visitor}`,
      header: (name) => ({ "user-agent": CHROME, host: "agency.example" })[name],
    });
  return { recorder, visit, warnings };
}

describeEachStore((t) => {
  const pages = async () => await t.store.insights.top("page", DAY, DAY, "pageviews", 20);

  it("counts a page view whose path holds a NUL, cleaned, and every later one", async () => {
    // (A page served over HTTP is counted at its canonical path: this is the recorder's own guard.)
    const { recorder, visit, warnings } = recorderOn(t.store.insights);
    visit("/a\u0000b\ud800");
    await recorder.flush();
    visit("/about");
    await recorder.flush();
    expect(await pages()).toEqual(["/about", "/ab\ufffd"].map((key) => ({ key, visitors: 1, pageviews: 1 })));
    expect(warnings).toEqual([]);
  });

  it("leaves out a row the database refuses and writes the rest of its batch, and every later one, once", async () => {
    // What a database refuses on both (a device is required): a row a bug, not a visitor, would make.
    const refusing: InsightsStore = {
      ...t.store.insights,
      addViews: (views) =>
        t.store.insights.addViews(
          views.map((view) =>
            view.path === "/refused" ? { ...view, device: null as unknown as StoredView["device"] } : view,
          ),
        ),
    };
    const { recorder, visit, warnings } = recorderOn(refusing);
    for (const path of ["/a", "/refused", "/b", "/c", "/d"]) visit(path);
    await recorder.flush();
    expect(warnings).toEqual(["a page view the database refused was left out"]);
    visit("/e");
    await recorder.flush();
    await recorder.flush();
    expect(await pages()).toEqual(["/a", "/b", "/c", "/d", "/e"].map((key) => ({ key, visitors: 1, pageviews: 1 })));
    expect(warnings).toHaveLength(1);
  });

  it("keeps the rows while the database is away and writes them with the next batch", async () => {
    let away = true;
    const flaky: InsightsStore = {
      ...t.store.insights,
      async addViews(views) {
        if (away) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
        await t.store.insights.addViews(views);
      },
    };
    const { recorder, visit, warnings } = recorderOn(flaky);
    visit("/a");
    visit("/b");
    await recorder.flush();
    expect(await pages()).toEqual([]);
    expect(warnings).toEqual(["could not store page views; trying again with the next batch"]);
    away = false;
    visit("/c");
    await recorder.flush();
    expect(await pages()).toEqual(["/a", "/b", "/c"].map((key) => ({ key, visitors: 1, pageviews: 1 })));
  });
});

describeEachStore((t) => {
  it("keeps the variant a team page showed, and splits by the visitor's key of the day that the view is stored under", async () => {
    const { recorder } = recorderOn(t.store.insights);
    const header = (name: string) => ({ "user-agent": CHROME, host: "agency.example" })[name];
    const hit = { address: "203.0.113.50", header };
    recorder.page({ url: "/offers/smes", ...hit, variant: "B" });
    recorder.page({ url: "/offers/smes", ...hit, variant: "B" });
    recorder.page({ url: "/offers/smes", address: "203.0.113.51", header, variant: "A" });
    recorder.page({ url: "/services", ...hit });
    await recorder.flush();
    expect(await t.store.insights.countsOf("variant", ["/offers/smes A", "/offers/smes B"], DAY, DAY)).toEqual(
      expect.arrayContaining([
        { key: "/offers/smes A", visitors: 1, pageviews: 1 },
        { key: "/offers/smes B", visitors: 1, pageviews: 2 },
      ]),
    );
    // The key a page is split by is the visitor's hash in Insights: the same all day, another's apart.
    const key = await recorder.visitorKey(hit);
    expect(key).toBe(await recorder.visitorKey(hit));
    expect(key).not.toBe(await recorder.visitorKey({ ...hit, address: "203.0.113.51" }));
    const stored = (await t.database())
      .selectFrom("analytics_events")
      .select(["visitor", "page_variant"])
      .where("path", "=", "/services");
    expect(await stored.execute()).toEqual([{ visitor: key, page_variant: null }]);
  });
});
