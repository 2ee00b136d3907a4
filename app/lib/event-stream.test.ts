import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_EVENT_READERS, readPageEvent } from "#content/live-event-readers.ts";
import { subscribeToEvents } from "./event-stream.ts";

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  readyState = 0;
  readonly listeners = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener({ data: typeof data === "string" ? data : JSON.stringify(data) });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // The last subscriber's leaving closes the stream a moment later.
  vi.runAllTimers();
  vi.useRealTimers();
  FakeEventSource.opened = [];
  vi.unstubAllGlobals();
});

describe("the page's event stream", () => {
  it("is one connection for every subscriber, closed with the last one", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const store = { content: vi.fn() };
    const badge = { message: vi.fn(), readers: LIVE_EVENT_READERS };
    const stopStore = subscribeToEvents(store);
    const stopBadge = subscribeToEvents(badge);
    expect(FakeEventSource.opened).toHaveLength(1);
    const [source] = FakeEventSource.opened;
    expect(source!.url).toBe("/api/events");

    source!.emit("content", { key: "home", version: 2, spread: 10 });
    source!.emit("message", { id: 7 });
    source!.emit("content", "not json");
    expect(store.content).toHaveBeenCalledExactlyOnceWith({ key: "home", version: 2, spread: 10 });
    expect(badge.message).toHaveBeenCalledExactlyOnceWith({ id: 7 });

    stopStore();
    expect(source!.closed).toBe(false);
    stopBadge();
    vi.runAllTimers();
    expect(source!.closed).toBe(true);
    subscribeToEvents({})();
    vi.runAllTimers();
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("hands a team page's event only to a subscriber that brings its reader", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const without = { page: vi.fn() };
    const withReader = { page: vi.fn(), readers: { page: readPageEvent } };
    const stopWithout = subscribeToEvents(without);
    const stopWith = subscribeToEvents(withReader);
    const [source] = FakeEventSource.opened;
    source!.emit("page", { id: "p1", path: "/offers/new", version: 2, spread: 10 });
    source!.emit("page", { id: "p1", path: "/admin", version: 3 });
    expect(withReader.page).toHaveBeenCalledExactlyOnceWith({ id: "p1", path: "/offers/new", version: 2, spread: 10 });
    expect(without.page).not.toHaveBeenCalled();
    stopWithout();
    stopWith();
  });

  it("keeps the connection when the last subscriber is replaced at once (a page navigating)", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const before = { content: vi.fn() };
    const after = { content: vi.fn() };
    const stopBefore = subscribeToEvents(before);
    stopBefore();
    const stopAfter = subscribeToEvents(after);
    vi.runAllTimers();
    expect(FakeEventSource.opened).toHaveLength(1);
    const [source] = FakeEventSource.opened;
    expect(source!.closed).toBe(false);
    source!.emit("content", { key: "about", version: 3 });
    expect(after.content).toHaveBeenCalledExactlyOnceWith({ key: "about", version: 3 });
    expect(before.content).not.toHaveBeenCalled();
    stopBefore();
    vi.runAllTimers();
    expect(source!.closed).toBe(false);
    stopAfter();
    vi.runAllTimers();
    expect(source!.closed).toBe(true);
  });

  it("reports a reconnection, not the first connection", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const reconnect = vi.fn();
    const stop = subscribeToEvents({ reconnect });
    const [source] = FakeEventSource.opened;
    source!.emit("ready", {});
    expect(reconnect).not.toHaveBeenCalled();
    source!.emit("ready", {});
    expect(reconnect).toHaveBeenCalledTimes(1);
    stop();
  });

  it("opens a new stream when the browser gives up on one, and reports the reconnection", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const reconnect = vi.fn();
    const stop = subscribeToEvents({ reconnect });
    const [first] = FakeEventSource.opened;
    first!.emit("ready", {});
    // A transient error: the browser retries by itself.
    first!.emit("error", {});
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    // An answer that is not an event stream (a proxy's 502): the browser has closed it for good.
    first!.readyState = 2;
    first!.emit("error", {});
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    const second = FakeEventSource.opened[1]!;
    second.readyState = 2;
    second.emit("error", {});
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1_001);
    const third = FakeEventSource.opened[2]!;
    expect(reconnect).not.toHaveBeenCalled();
    third.emit("ready", {});
    expect(reconnect).toHaveBeenCalledTimes(1);
    stop();
    vi.runAllTimers();
    expect(third.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(3);
  });
});
