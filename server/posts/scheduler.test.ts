import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveEvent } from "#content/live-events.ts";
import { createEventBus } from "#server/events/bus.ts";
import { createLogger } from "#server/logger.ts";
import { createRecords, type RecordsDeps } from "#server/records/records.ts";
import { createPostScheduler } from "./scheduler.ts";

/** Posts with publish times, as the store would answer for them. */
function schedule(posts: { id: string; publishAt: number }[]) {
  return {
    posts,
    async nextPublication(after: Date) {
      const next = posts.map((p) => p.publishAt).filter((at) => at > after.getTime());
      return next.length > 0 ? new Date(Math.min(...next)) : undefined;
    },
    async publishedBetween(from: Date, to: Date) {
      return posts
        .filter((p) => p.publishAt > from.getTime() && p.publishAt <= to.getTime())
        .map(({ id }) => ({ id, version: 1 }));
    },
  };
}

/** The scheduler looks a few milliseconds after a publish time. */
const LATE = 10;

describe("the post scheduler", () => {
  const start = Date.parse("2026-12-01T03:29:00Z");
  let heard: LiveEvent[];
  const bus = createEventBus();
  bus.subscribe((event) => heard.push(event));
  const logger = createLogger("silent");
  // Announcing what went live writes and reads nothing: the records service's store is not used.
  const records = createRecords({ store: {} as RecordsDeps["store"], bus, logger });

  beforeEach(() => {
    vi.useFakeTimers({ now: start });
    heard = [];
  });
  afterEach(() => vi.useRealTimers());

  it("announces each post when its time comes, and nothing before", async () => {
    const posts = schedule([
      { id: "nine", publishAt: start + 60_000 },
      { id: "ten", publishAt: start + 61 * 60_000 },
    ]);
    const scheduler = createPostScheduler({ posts, records, bus, logger });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000 + LATE);
    expect(heard).toEqual([{ type: "post", id: "nine", version: 1 }]);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(heard.map((event) => "id" in event && event.id)).toEqual(["nine", "ten"]);
    scheduler.stop();
  });

  it("sets its timer again when a post is saved (here or on another instance)", async () => {
    const posts = schedule([]);
    const scheduler = createPostScheduler({ posts, records, bus, logger });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(10_000);
    posts.posts.push({ id: "new", publishAt: Date.now() + 30_000 });
    bus.publish({ type: "post", id: "new", version: 1 });
    await vi.advanceTimersByTimeAsync(30_000 + LATE);
    expect(heard.filter((event) => "id" in event && event.id === "new")).toHaveLength(2); // the save, then going live
    scheduler.stop();
  });

  it("waits for a publication months ahead in steps setTimeout can take", async () => {
    const posts = schedule([{ id: "far", publishAt: start + 40 * 24 * 60 * 60_000 }]);
    const scheduler = createPostScheduler({ posts, records, bus, logger });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(39 * 24 * 60 * 60_000);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000 + LATE);
    expect(heard).toEqual([{ type: "post", id: "far", version: 1 }]);
    scheduler.stop();
  });

  it("tries again later when the database does not answer, and stops for good", async () => {
    const posts = schedule([{ id: "late", publishAt: start + 1_000 }]);
    let failures = 1;
    const flaky = {
      ...posts,
      async nextPublication(after: Date) {
        if (failures-- > 0) throw new Error("connection refused");
        return posts.nextPublication(after);
      },
    };
    const scheduler = createPostScheduler({ posts: flaky, records, bus, logger });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(heard).toEqual([{ type: "post", id: "late", version: 1 }]);
    scheduler.stop();
    posts.posts.push({ id: "after-stop", publishAt: Date.now() + 1_000 });
    bus.publish({ type: "post", id: "after-stop", version: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(heard.filter((event) => "id" in event && event.id === "after-stop")).toHaveLength(1); // the save only
  });
});
