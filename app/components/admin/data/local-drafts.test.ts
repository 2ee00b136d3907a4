import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLocalDrafts, KEEP_DAYS, WRITE_DELAY_MS } from "./local-drafts.ts";

/** An in-memory Web Storage; `full` makes every write throw as a full quota does. */
function fakeStorage() {
  const items = new Map<string, string>();
  const storage = {
    full: false,
    items,
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem(key: string, value: string) {
      if (storage.full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
  return storage;
}

const T0 = Date.parse("2026-03-02T09:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

function setup(owner = "owner@example.lk") {
  const storage = fakeStorage();
  let time = T0;
  const drafts = createLocalDrafts(owner, { storage: () => storage, now: () => time });
  const advance = (ms: number) => {
    time += ms;
    vi.advanceTimersByTime(ms);
  };
  return { storage, drafts, advance, setTime: (at: number) => (time = at) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("drafts kept on this device", () => {
  it("are written within half a second of an edit, even while typing goes on", () => {
    const { storage, drafts, advance } = setup();
    drafts.write("document:services", 4, { title: "O" });
    advance(200);
    drafts.write("document:services", 4, { title: "Ou" });
    advance(WRITE_DELAY_MS - 201);
    expect(storage.items.size).toBe(0);
    drafts.write("document:services", 4, { title: "Our" });
    advance(1);
    expect(JSON.parse(storage.items.get("agency-admin-draft:owner@example.lk:document:services")!)).toEqual({
      baseVersion: 4,
      data: { title: "Our" },
      savedAt: new Date(T0 + WRITE_DELAY_MS - 1).toISOString(), // when the last edit was made
    });
  });

  it("are written at once when the page is hidden or closed", () => {
    const { storage, drafts } = setup();
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: "visible" as DocumentVisibilityState });
    const detach = drafts.attach(win, doc);

    drafts.write("post:p1", 2, { title: "A" });
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(storage.items.size).toBe(0); // still visible
    doc.visibilityState = "hidden";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(storage.items.size).toBe(1);

    drafts.write("new-post", 0, { title: "B" });
    win.dispatchEvent(new Event("pagehide"));
    expect(storage.items.size).toBe(2);

    drafts.write("document:home", 1, { title: "C" });
    detach(); // the panel goes (sign-out): what is pending is written too
    expect(storage.items.size).toBe(3);
    drafts.write("document:about", 1, { title: "D" });
    win.dispatchEvent(new Event("pagehide"));
    expect(storage.items.size).toBe(3); // no longer listening
  });

  it("are kept per admin: another admin on the same device is offered none of them", () => {
    const storage = fakeStorage();
    const owner = createLocalDrafts("Owner@Example.lk", { storage: () => storage, now: () => T0 });
    const other = createLocalDrafts("editor@example.lk", { storage: () => storage, now: () => T0 });
    owner.write("document:home", 3, { title: "Mine" });
    owner.flush();
    expect(other.offer("document:home", { title: "Saved" })).toBeNull();
    expect(
      createLocalDrafts("owner@example.lk", { storage: () => storage, now: () => T0 }).offer("document:home", {
        title: "Saved",
      }),
    ).toMatchObject({ baseVersion: 3, data: { title: "Mine" } });
    expect([...storage.items.keys()]).toEqual(["agency-admin-draft:owner@example.lk:document:home"]);
  });

  it("are offered when they differ from the server's copy and forgotten when they equal it", () => {
    const { storage, drafts } = setup();
    drafts.write("document:services", 4, { title: "Typed", subtitle: "Same" });
    drafts.flush();
    expect(drafts.offer("document:services", { title: "Saved", subtitle: "Same" })).toEqual({
      baseVersion: 4,
      data: { title: "Typed", subtitle: "Same" },
      savedAt: new Date(T0).toISOString(),
    });
    expect(storage.items.size).toBe(1); // offering keeps it until the admin decides

    // Someone saved exactly this meanwhile: nothing to recover.
    expect(drafts.offer("document:services", { title: "Typed", subtitle: "Same" })).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("keep a translation's confirmed texts, offered even when the texts equal the server's; other shapes are dropped", () => {
    const { storage, drafts } = setup();
    drafts.write("document:home@si", 4, { title: "පැරණි" }, ["title"]);
    drafts.flush();
    expect(drafts.offer("document:home@si", { title: "පැරණි" })).toMatchObject({
      baseVersion: 4,
      data: { title: "පැරණි" },
      confirmed: ["title"],
    });
    // None confirmed: the field is left out, and a draft equal to the server's copy is forgotten.
    drafts.write("document:home@si", 4, { title: "පැරණි" }, []);
    drafts.flush();
    expect(JSON.parse(storage.items.get("agency-admin-draft:owner@example.lk:document:home@si")!)).not.toHaveProperty(
      "confirmed",
    );
    expect(drafts.offer("document:home@si", { title: "පැරණි" })).toBeNull();
    // Confirmations of another shape are dropped, the draft kept.
    storage.items.set(
      "agency-admin-draft:owner@example.lk:document:home@ta",
      JSON.stringify({
        baseVersion: 2,
        data: { title: "புதிய" },
        confirmed: [42],
        savedAt: new Date(T0).toISOString(),
      }),
    );
    const offered = drafts.offer("document:home@ta", { title: "பழைய" });
    expect(offered).toMatchObject({ baseVersion: 2, data: { title: "புதிய" } });
    expect(offered).not.toHaveProperty("confirmed");
  });

  it("go on removal, pending or written", () => {
    const { storage, drafts, advance } = setup();
    drafts.write("post:p1", 1, { title: "A" });
    drafts.flush();
    drafts.write("post:p1", 1, { title: "AB" });
    drafts.remove("post:p1");
    advance(WRITE_DELAY_MS);
    expect(storage.items.size).toBe(0);
    expect(drafts.offer("post:p1", { title: "" })).toBeNull();
  });

  it("never hold secret fields, which come back from the server's copy on restore", () => {
    const { storage, drafts } = setup();
    drafts.write("document:ai-settings", 2, {
      greeting: "Hello",
      apiKey: "sk-live-123",
      provider: { name: "gemini", secret: "s3cret", accessToken: "t0k" },
    });
    drafts.flush();
    const stored = [...storage.items.values()].join("");
    expect(stored).toContain("Hello");
    expect(stored).not.toMatch(/sk-live-123|s3cret|t0k/);

    const server = {
      greeting: "Hi",
      apiKey: "sk-server",
      provider: { name: "gemini", secret: "srv", accessToken: "srv-t" },
    };
    expect(drafts.offer("document:ai-settings", server)?.data).toEqual({ ...server, greeting: "Hello" });
    // A draft whose only difference was its secrets is nothing to recover.
    expect(drafts.offer("document:ai-settings", { ...server, greeting: "Hello" })).toBeNull();
  });

  it("are completed with fields added since they were kept, and dropped when of another shape", () => {
    const { drafts } = setup();
    drafts.write("document:ai-settings", 1, { greeting: "Old draft" });
    drafts.write("document:services", 1, ["not", "an", "object"]);
    drafts.flush();
    expect(drafts.offer("document:ai-settings", { greeting: "Hi", chatDailyLimit: 500 })?.data).toEqual({
      greeting: "Old draft",
      chatDailyLimit: 500,
    });
    expect(drafts.offer("document:services", { title: "Services" })).toBeNull();
  });

  it("ignore corrupt entries, and a full, missing or turned-off storage", () => {
    const { storage, drafts } = setup();
    storage.items.set("agency-admin-draft:owner@example.lk:document:home", "{not json");
    storage.items.set("agency-admin-draft:owner@example.lk:document:about", JSON.stringify({ data: 1 }));
    expect(drafts.offer("document:home", { title: "Saved" })).toBeNull();
    expect(drafts.offer("document:about", { title: "Saved" })).toBeNull();
    expect(storage.items.size).toBe(0); // unreadable entries are cleared

    storage.full = true;
    drafts.write("document:home", 1, { title: "Too much" });
    expect(() => drafts.flush()).not.toThrow();
    expect(storage.items.size).toBe(0);

    const turnedOff = createLocalDrafts("owner@example.lk", {
      storage: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    turnedOff.write("document:home", 1, { title: "x" });
    expect(() => turnedOff.flush()).not.toThrow();
    expect(turnedOff.offer("document:home", { title: "y" })).toBeNull();
    expect(() => turnedOff.prune()).not.toThrow();
    const none = createLocalDrafts("owner@example.lk", { storage: () => null });
    none.write("document:home", 1, { title: "x" });
    expect(() => none.flush()).not.toThrow();
    expect(none.offer("document:home", { title: "y" })).toBeNull();
  });

  it(`are forgotten after ${KEEP_DAYS} days, for every admin, leaving other entries alone`, () => {
    const { storage, drafts, setTime } = setup();
    const other = createLocalDrafts("editor@example.lk", { storage: () => storage, now: () => T0 });
    other.write("document:home", 1, { title: "Old" });
    other.flush();
    setTime(T0 + 10 * DAY);
    drafts.write("document:about", 1, { title: "Newer" });
    drafts.flush();
    storage.items.set("agency-admin-draft:editor@example.lk:new-post", "garbage");
    storage.items.set("theme", "dark");

    setTime(T0 + KEEP_DAYS * DAY + 1);
    expect(drafts.offer("document:home", { title: "Saved" })).toBeNull();
    drafts.prune();
    expect([...storage.items.keys()].sort()).toEqual(["agency-admin-draft:owner@example.lk:document:about", "theme"]);
    expect(drafts.offer("document:about", { title: "Saved" })).toMatchObject({ data: { title: "Newer" } });
  });
});
