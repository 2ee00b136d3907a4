import { UNSAFE_ErrorResponseImpl as ErrorResponse, type DataStrategyResult } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLiveRefresher, keepPageOnFailedRefresh, REFRESH_TIMEOUT_MS, retryDelay } from "./live-refresh.ts";

type Results = Record<string, DataStrategyResult>;
const shown = new Map<string, unknown>([
  ["root", { origin: "x" }],
  ["routes/site/services", { title: "On screen" }],
]);

/** Runs one refresh whose data load (the middleware's `next`) answers `answer`, through the layout's middleware. */
function refreshWith(answer: () => Promise<Results>, path = "/services") {
  let middlewareResult: ReturnType<typeof keepPageOnFailedRefresh> | undefined;
  const refresher = createLiveRefresher({
    snapshot: () => ({ path: "/services", data: shown }),
    revalidate: async () => {
      middlewareResult = keepPageOnFailedRefresh(
        { request: new Request(`http://site${path}`), params: {}, context: {} as never, unstable_pattern: "" } as never,
        answer,
      );
      await middlewareResult;
    },
    random: () => 0,
  });
  return { refresher, result: () => middlewareResult };
}

afterEach(() => vi.useRealTimers());

describe("keepPageOnFailedRefresh", () => {
  it("keeps the data on screen when a background refresh fails with a 503 or a network error, and retries", async () => {
    vi.useFakeTimers();
    for (const failure of [new ErrorResponse(503, "Service Unavailable", ""), new TypeError("Failed to fetch")]) {
      const answer = vi.fn(async (): Promise<Results> => ({
        root: { type: "error", result: failure },
        "routes/site/services": { type: "error", result: failure },
      }));
      const { refresher, result } = refreshWith(answer);
      refresher.request(0);
      await vi.advanceTimersByTimeAsync(0);
      expect(await result()).toEqual({
        root: { type: "data", result: shown.get("root") },
        "routes/site/services": { type: "data", result: shown.get("routes/site/services") },
      });
      expect(refresher.retrying).toBe(true);
      await vi.advanceTimersByTimeAsync(999);
      expect(answer).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(answer).toHaveBeenCalledTimes(2);
      refresher.stop();
    }
  });

  it("passes new data and real answers (a 404) through", async () => {
    vi.useFakeTimers();
    const fresh: Results = { "routes/site/services": { type: "data", result: { title: "Saved" } } };
    const ok = refreshWith(async () => fresh);
    ok.refresher.request(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(await ok.result()).toBe(fresh);
    expect(ok.refresher.retrying).toBe(false);

    const gone: Results = {
      "routes/site/services": { type: "error", result: new ErrorResponse(404, "Not Found", "") },
    };
    const missing = refreshWith(async () => gone);
    missing.refresher.request(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(await missing.result()).toBe(gone);
  });

  it("keeps the page when the refresh does not answer in time", async () => {
    vi.useFakeTimers();
    const { refresher, result } = refreshWith(() => new Promise<Results>(() => {}));
    refresher.request(0);
    await vi.advanceTimersByTimeAsync(REFRESH_TIMEOUT_MS);
    expect(await result()).toEqual({
      root: { type: "data", result: shown.get("root") },
      "routes/site/services": { type: "data", result: shown.get("routes/site/services") },
    });
    expect(refresher.retrying).toBe(true);
    refresher.stop();
  });

  it("leaves navigations to other pages alone (their errors show)", async () => {
    vi.useFakeTimers();
    const failed: Results = { "routes/site/about": { type: "error", result: new ErrorResponse(503, "", "") } };
    const { refresher, result } = refreshWith(async () => failed, "/about");
    refresher.request(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(await result()).toBe(failed);
    const outside = await keepPageOnFailedRefresh(
      { request: new Request("http://site/services") } as never,
      async () => failed,
    );
    expect(outside).toBe(failed);
  });
});

describe("createLiveRefresher", () => {
  it("starts at a random point within the spread, and folds requests made meanwhile into one more", async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const revalidate = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const refresher = createLiveRefresher({
      revalidate,
      snapshot: () => ({ path: "/", data: new Map() }),
      random: () => 0.5,
    });
    refresher.request(400);
    refresher.request(400); // already scheduled
    await vi.advanceTimersByTimeAsync(199);
    expect(revalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(revalidate).toHaveBeenCalledTimes(1);
    refresher.request(400);
    refresher.request(400);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(revalidate).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it("backs off 1 s, 2 s, 4 s … 30 s, plus up to half again", () => {
    expect([1, 2, 3, 6, 12].map((n) => retryDelay(n, () => 0))).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
    expect(retryDelay(1, () => 1)).toBe(1_500);
  });
});
