import { describe, expect, it } from "vitest";
import { describeEachStore } from "../../tests/helpers/each-store.ts";

describeEachStore((t) => {
  describe("users and sessions", () => {
    it("stores emails lower-case and refuses duplicates", async () => {
      expect(await t.store.users.create("Owner@Example.lk", "hash")).toMatchObject({ email: "owner@example.lk" });
      expect(await t.store.users.create("owner@example.lk", "hash")).toBeUndefined();
      expect(await t.store.users.count()).toBe(1);
      const [user] = await t.store.users.list();
      expect(typeof user!.id).toBe("number");
    });

    it("finds live sessions only and drops a removed user's sessions", async () => {
      const user = (await t.store.users.create("a@example.lk", "hash"))!;
      await t.store.sessions.create("live", user.id, new Date(Date.now() + 60_000));
      await t.store.sessions.create("old", user.id, new Date(Date.now() - 1));
      expect((await t.store.sessions.find("live"))?.user.email).toBe("a@example.lk");
      expect(await t.store.sessions.find("old")).toBeUndefined();
      expect(await t.store.sessions.removeExpired()).toBe(1);
      await t.store.users.remove(user.id);
      expect(await t.store.sessions.find("live")).toBeUndefined();
    });

    it("never removes the last administrator, even when two remove each other at once", async () => {
      const a = (await t.store.users.create("a@example.lk", "hash"))!;
      const b = (await t.store.users.create("b@example.lk", "hash"))!;
      const other = await t.rival();
      const results = await Promise.all([t.store.users.removeUnlessLast(b.id), other.users.removeUnlessLast(a.id)]);
      expect(results.sort()).toEqual(["last", "removed"]);
      expect(await t.store.users.count()).toBe(1);
      expect(await t.store.users.removeUnlessLast(4242)).toBe("missing");
    });
  });
});
