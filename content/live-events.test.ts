import { describe, expect, it } from "vitest";
import { LIVE_EVENT_READERS, readLiveEvent, readPageEvent } from "./live-event-readers.ts";
import { readLiveEventData } from "./live-events.ts";

describe("readLiveEvent (events as they arrive from another instance)", () => {
  const token = "a-preview-token-0001";

  it("keeps a preview's post address when it is one", () => {
    expect(readLiveEvent({ type: "preview", token, path: "/blog/monsoon-plans-2" })).toEqual({
      type: "preview",
      token,
      path: "/blog/monsoon-plans-2",
    });
    expect(readLiveEvent({ type: "preview", token })).toEqual({ type: "preview", token });
  });

  it("drops an address that is not a post's, and refuses a malformed token", () => {
    for (const path of ["/services", "/blog/", "/blog/Upper-Case", "/blog/a/b", "//evil.example/blog/x", 42, null])
      expect(readLiveEvent({ type: "preview", token, path })).toEqual({ type: "preview", token });
    expect(readLiveEvent({ type: "preview", token: "short", path: "/blog/x" })).toBeUndefined();
  });

  it("reads saves of documents and posts, in the order the server writes their fields", () => {
    const document = readLiveEvent({ version: 3, key: "services", type: "content", spread: 9 });
    expect(JSON.stringify(document)).toBe('{"type":"content","key":"services","version":3}');
    const post = readLiveEvent({ deleted: true, version: 4, id: "p-1", type: "post" });
    expect(JSON.stringify(post)).toBe('{"type":"post","id":"p-1","version":4,"deleted":true}');
    expect(readLiveEvent({ type: "post", version: 0 })).toEqual({ type: "post", version: 0 });
    expect(readLiveEvent({ type: "post", id: "p-1", locale: "ta", version: 2 })).toEqual({
      type: "post",
      id: "p-1",
      locale: "ta",
      version: 2,
    });
    expect(readLiveEvent({ type: "message", id: 7 })).toEqual({ type: "message", id: 7 });
    expect(readLiveEvent({ type: "analytics" })).toEqual({ type: "analytics" });
  });

  it("refuses unknown events and malformed payloads", () => {
    for (const value of [
      null,
      "content",
      { type: "toString" },
      { type: "ready" },
      { type: "content", key: "nowhere", version: 1 },
      { type: "content", key: "home", version: 1.5 },
      { type: "post", id: "a/b", version: 1 },
      { type: "post", id: 7, version: 1 },
      // A post is no document: its saves are `post` events.
      { type: "content", key: "post", id: "p-1", version: 1 },
      { type: "post", id: "p-1", version: 1, unseen: { owner: "someone" } },
      { type: "message", id: "7" },
      { type: "page", id: "a/b", version: 1 },
      { type: "page", id: "p1", path: "/admin/x", version: 1 },
      { type: "page", id: "p1", path: "/offers/x", formerPath: "not a path", version: 1 },
      { type: "page", id: "p1", version: 1, unseen: { owner: "someone" } },
    ])
      expect(readLiveEvent(value)).toBeUndefined();
  });

  it("reads a team page's save with its addresses, language and audience", () => {
    const event = {
      type: "page",
      id: "p1",
      path: "/offers/new",
      formerPath: "/offers/old",
      locale: "ta",
      version: 3,
      unseen: { owner: 4 },
    };
    expect(readLiveEvent(event)).toEqual(event);
    expect(readLiveEvent({ type: "page", version: 0 })).toEqual({ type: "page", version: 0 });
  });
});

describe("readLiveEventData (a page's events, without their type)", () => {
  it("keeps a save's refresh spread, and nothing it does not know", () => {
    expect(readLiveEventData("content", { key: "home", version: 2, spread: 10, extra: 1 })).toEqual({
      key: "home",
      version: 2,
      spread: 10,
    });
    expect(readLiveEventData("post", { version: 3, id: "p1", spread: 5 })).toEqual({ version: 3, id: "p1", spread: 5 });
    // The admin's own events, with every reader (the public pages' readers know only theirs).
    expect(readLiveEventData("message", { id: 7, spread: 10 }, LIVE_EVENT_READERS.message)).toEqual({ id: 7 });
    expect(readLiveEventData("analytics", {}, LIVE_EVENT_READERS.analytics)).toEqual({});
    expect(readLiveEventData("message", { id: 7 })).toBeUndefined();
  });

  it("refuses what is not its event's payload", () => {
    expect(readLiveEventData("content", "not json")).toBeUndefined();
    expect(readLiveEventData("content", { key: "home" })).toBeUndefined();
    expect(readLiveEventData("message", null, LIVE_EVENT_READERS.message)).toBeUndefined();
    expect(readLiveEventData("preview", { token: "short" })).toBeUndefined();
  });

  it("reads a team page's event only with its reader, which public pages other than team pages do not ship", () => {
    const page = { id: "p1", path: "/offers/new", version: 3, spread: 40 };
    expect(readLiveEventData("page", page)).toBeUndefined();
    expect(readLiveEventData("page", page, readPageEvent)).toEqual(page);
    expect(readLiveEventData("page", { ...page, path: "/admin" }, readPageEvent)).toBeUndefined();
  });
});
