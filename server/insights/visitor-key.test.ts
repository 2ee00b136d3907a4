import { expect, it } from "vitest";
import type { EventBus } from "#server/events/bus.ts";
import type { Logger } from "#server/logger.ts";
import { createInsightsRecorder } from "./recorder.ts";
import type { InsightsStore, StoredView } from "./types.ts";

// The key team pages split visitors by (issue 42) is the one their views are counted under.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const bus: EventBus = { publish() {}, publishLocal() {}, subscribe: () => () => undefined, size: 0, connected: true };
const logger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function recorderAt(clock: { now: number }) {
  const stored: StoredView[] = [];
  const salts = new Map<string, string>();
  const store = {
    salt: async (day: string) => salts.get(day) ?? salts.set(day, `salt-of-${day}`).get(day)!,
    addViews: async (views: StoredView[]) => void stored.push(...views),
  } as unknown as InsightsStore;
  const recorder = createInsightsRecorder({
    store,
    bus,
    logger,
    timeZone: "Asia/Colombo",
    enabled: true,
    now: () => clock.now,
  });
  return { recorder, stored };
}

it("is the visitor's hash their views are stored under, the same all day, another the next day", async () => {
  const clock = { now: Date.parse("2026-03-01T06:30:00Z") };
  const { recorder, stored } = recorderAt(clock);
  recorder.page({ url: "/offers", address: "203.0.113.7", header: (name) => ({ "user-agent": CHROME })[name] });
  await recorder.flush();
  const key = await recorder.visitorKey("203.0.113.7", CHROME);
  expect(stored.map((view) => view.visitor)).toEqual([key]);
  expect(await recorder.visitorKey("203.0.113.7", CHROME)).toBe(key);
  expect(await recorder.visitorKey("203.0.113.8", CHROME)).not.toBe(key);
  expect(await recorder.visitorKey("203.0.113.7", `${CHROME} Edg/126`)).not.toBe(key);
  clock.now += 24 * 3600_000;
  expect(await recorder.visitorKey("203.0.113.7", CHROME)).not.toBe(key);
});
