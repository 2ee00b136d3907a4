import { describe, expect, it } from "vitest";
import { PREVIEW_LIFETIME_MS } from "#content/preview.ts";
import { describeEachStore } from "../../tests/helpers/each-store.ts";

describeEachStore((t) => {
  describe("preview drafts", () => {
    const t0 = new Date("2030-01-01T10:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const admins = async () => {
      const one = await t.store.users.create("one@example.lk", "hash");
      const two = await t.store.users.create("two@example.lk", "hash");
      return [one!.id, two!.id] as const;
    };

    it("keeps one draft per token, replaced whole by its admin's next one", async () => {
      const [one] = await admins();
      const previews = t.store.previews;
      expect(await previews.put("token-aaaaaaaaaaaa", one, { documents: { about: { title: "A" } } }, t0)).toBe(true);
      expect(await previews.put("token-aaaaaaaaaaaa", one, { post: { data: { title: "B" } } }, at(1_000))).toBe(true);
      expect(await previews.get("token-aaaaaaaaaaaa", at(2_000))).toEqual({
        token: "token-aaaaaaaaaaaa",
        userId: one,
        data: { post: { data: { title: "B" } } },
        updatedAt: at(1_000).toISOString(),
      });
      expect(await previews.get("token-bbbbbbbbbbbb", at(2_000))).toBeUndefined();
      // Another instance reads the same draft.
      expect((await (await t.another()).previews.get("token-aaaaaaaaaaaa", at(2_000)))?.data).toEqual({
        post: { data: { title: "B" } },
      });
    });

    it("never lets another admin take a token over, however they race", async () => {
      const [one, two] = await admins();
      const other = await t.rival();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : t.store).previews.put("contested-token-1", i % 2 ? two : one, { n: i }, at(i)),
        ),
      );
      const stored = (await t.store.previews.get("contested-token-1", at(10)))!;
      // Whoever stored first owns the token: their stores all succeeded, the other admin's were all refused.
      expect(results).toEqual(Array.from({ length: 8 }, (_, i) => (i % 2 ? two : one) === stored.userId));
      expect((stored.data as { n: number }).n % 2).toBe(stored.userId === two ? 1 : 0);
    });

    it("forgets a draft a day after its last store, and sweeps it", async () => {
      const [one] = await admins();
      const previews = t.store.previews;
      await previews.put("old-token-aaaaaaaa", one, { n: 1 }, t0);
      await previews.put("new-token-aaaaaaaa", one, { n: 2 }, at(PREVIEW_LIFETIME_MS / 2));
      expect(await previews.get("old-token-aaaaaaaa", at(PREVIEW_LIFETIME_MS))).toBeDefined();
      expect(await previews.get("old-token-aaaaaaaa", at(PREVIEW_LIFETIME_MS + 1))).toBeUndefined();
      expect(await previews.removeExpired(at(PREVIEW_LIFETIME_MS + 1))).toBe(1);
      expect(await previews.get("new-token-aaaaaaaa", at(PREVIEW_LIFETIME_MS + 1))).toBeDefined();
    });

    it("goes with the admin who stored it, and stays out of backups", async () => {
      const [one, two] = await admins();
      await t.store.previews.put("leaving-admin-token", two, { n: 1 }, t0);
      await t.store.previews.put("staying-admin-token", one, { n: 2 }, t0);
      expect(await t.store.users.removeUnlessLast(two)).toMatchObject({ result: "removed" });
      expect(await t.store.previews.get("leaving-admin-token", t0)).toBeUndefined();
      expect(await t.store.previews.get("staying-admin-token", t0)).toBeDefined();
      const dump = await t.store.backup.dump();
      expect(Object.keys(dump.tables)).not.toContain("preview_drafts");
      expect(dump.migrations).toContain("0006-preview-drafts");
    });
  });
});
