import { describe, expect, it } from "vitest";
import { addDays, wallTime } from "#content/time-zone.ts";
import { describeEachStore } from "../../tests/helpers/each-store.ts";
import { createPageResults } from "./page-results.ts";
import type { StoredView } from "./types.ts";

// A team page's numbers (issue 42): its views in every language and its leads, in all and per
// variant, from what Insights and the messages store, on both databases, before and after the days
// are rolled up.

const TIME_ZONE = "Asia/Colombo";
const today = wallTime(new Date(), TIME_ZONE).date;

const view = (path: string, variant: "A" | "B" | null, views: number, day = today, visitor = "v1"): StoredView => ({
  day,
  visitor,
  path,
  source: null,
  campaign: null,
  device: "desktop",
  pageVariant: variant && `${path} ${variant}`,
  views,
});

const message = (name: string, page: string, variant: "A" | "B" | null, source: "form" | "chat" = "form") => ({
  name,
  email: `${name.toLowerCase()}@example.lk`,
  company: "",
  message: "Hello",
  ip: null,
  userAgent: null,
  source,
  page,
  variant,
});

describeEachStore((t) => {
  describe("a team page's results", () => {
    const results = () => createPageResults({ store: t.store, insights: { today: () => today, timeZone: TIME_ZONE } });

    it("counts views in every language and leads from the form and the chat, per variant and in all", async () => {
      await t.store.insights.addViews([
        view("/offers/smes", "A", 3),
        view("/offers/smes", "B", 2, today, "v2"),
        view("/si/offers/smes", "B", 4, today, "v3"),
        view("/ta/offers/smes", null, 1, today, "v4"),
        view("/offers/other", null, 9),
        view("/services", null, 5),
      ]);
      await t.store.messages.add(message("Nimal", "/offers/smes", "A"));
      await t.store.messages.add(message("Kamala", "/si/offers/smes", "B"));
      await t.store.messages.add(message("Ruwan", "/offers/smes", "B", "chat"));
      await t.store.messages.add(message("Anjali", "/contact", null));
      const deleted = await t.store.messages.add(message("Sunil", "/offers/smes", "B"));
      await t.store.messages.softDelete(deleted.id);

      const totals = await results().totals(["/offers/smes", "/offers/other", "/offers/none"], 30);
      expect(Object.fromEntries(totals)).toEqual({
        "/offers/smes": { views: 10, leads: 3 },
        "/offers/other": { views: 9, leads: 0 },
        "/offers/none": { views: 0, leads: 0 },
      });
      expect(await results().byVariant("/offers/smes", 30)).toEqual([
        { name: "A", views: 3, leads: 1 },
        { name: "B", views: 6, leads: 2 },
      ]);
    });

    it("reads days already rolled up and leaves out days before the range", async () => {
      const yesterday = addDays(today, -1);
      await t.store.insights.addViews([
        view("/offers/smes", "B", 2, yesterday),
        view("/offers/smes", "A", 1, yesterday, "v2"),
        view("/offers/smes", "B", 7, addDays(today, -40)),
        view("/offers/smes", "A", 1),
      ]);
      await t.store.insights.rollUp(today);
      expect(await results().byVariant("/offers/smes", 30)).toEqual([
        { name: "A", views: 2, leads: 0 },
        { name: "B", views: 2, leads: 0 },
      ]);
      expect((await results().totals(["/offers/smes"], 1)).get("/offers/smes")).toEqual({ views: 1, leads: 0 });
    });
  });
});
