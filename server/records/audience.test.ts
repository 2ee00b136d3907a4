import { describe, expect, it } from "vitest";
import { seenByVisitors, unseenBy } from "./audience.ts";

const future = new Date(Date.now() + 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

describe("seenByVisitors", () => {
  it("is true only for a published record whose time has come", () => {
    expect(seenByVisitors({ status: "published" })).toBe(true);
    expect(seenByVisitors({ status: "published", publishAt: past })).toBe(true);
    expect(seenByVisitors({ status: "published", publishAt: future })).toBe(false);
    expect(seenByVisitors({ status: "draft" })).toBe(false);
    expect(seenByVisitors(undefined)).toBe(false);
    expect(seenByVisitors("not a record")).toBe(false);
  });
});

describe("unseenBy", () => {
  const lookedUp = (creator: number | null | undefined) => {
    const calls: string[] = [];
    return { calls, creatorOf: async () => (calls.push("asked"), creator) };
  };

  it("is everyone's (undefined) when visitors see the record before or after, without a look-up", async () => {
    const { calls, creatorOf } = lookedUp(7);
    expect(await unseenBy({ before: { status: "published" }, after: { status: "draft" } }, creatorOf)).toBeUndefined();
    expect(await unseenBy({ after: { status: "published" } }, creatorOf)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it("is the creator's otherwise: the one given (even none), else the one looked up, null when there is none", async () => {
    const draft = { status: "draft" };
    const given = lookedUp(7);
    expect(await unseenBy({ after: draft, creator: 3 }, given.creatorOf)).toBe(3);
    expect(await unseenBy({ before: draft, creator: null }, given.creatorOf)).toBeNull();
    expect(given.calls).toEqual([]);
    expect(await unseenBy({ after: { status: "published", publishAt: future } }, lookedUp(7).creatorOf)).toBe(7);
    expect(await unseenBy({ before: draft }, lookedUp(undefined).creatorOf)).toBeNull();
  });
});
