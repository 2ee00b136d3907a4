import { describe, expect, it } from "vitest";
import { defaultHome } from "#content/defaults.ts";
import { documentDefaults } from "#content/defaults.ts";
import { documentSchemas } from "#content/schemas.ts";
import { documents, type DocumentKey } from "#content/sections.ts";
import { describeEachStore } from "../../tests/helpers/each-store.ts";

const titled = (title: string) => ({ ...defaultHome, hero: { ...defaultHome.hero, title } });
const titleOf = (doc: { data: unknown } | undefined) => (doc?.data as typeof defaultHome | undefined)?.hero.title;

describeEachStore((t) => {
  describe("document versions", () => {
    it("reads defaults at version 0 for a section never saved", async () => {
      expect(await t.store.documents.get("home")).toEqual({
        key: "home",
        version: 0,
        data: defaultHome,
        updatedAt: null,
        updatedBy: null,
      });
    });

    it("does not let callers mutate the cached document", async () => {
      const doc = await t.store.documents.get("home");
      expect(() => {
        (doc.data as typeof defaultHome).hero.title = "mutated";
      }).toThrow(TypeError);
      expect(titleOf(await t.store.documents.get("home"))).toBe(defaultHome.hero.title);
    });

    it("numbers saves 1, 2, 3 and keeps every version as a revision", async () => {
      for (const [i, title] of ["One", "Two", "Three"].entries()) {
        const result = await t.store.documents.save("home", titled(title), i, "a@example.lk");
        expect(result.ok).toBe(true);
      }
      const current = await t.store.documents.get("home");
      expect(current).toMatchObject({ version: 3, updatedBy: "a@example.lk" });
      expect(titleOf(current)).toBe("Three");
      const revisions = await t.store.documents.revisions("home");
      expect(revisions.map((r) => r.version)).toEqual([3, 2, 1]);
      expect(titleOf(await t.store.documents.revision("home", 1))).toBe("One");
    });

    it("refuses a save based on an old version and returns the current document", async () => {
      await t.store.documents.save("home", titled("Mine"), 0, "a@example.lk");
      const result = await t.store.documents.save("home", titled("Theirs"), 0, "b@example.lk");
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.conflict.version).toBe(1);
        expect(titleOf(result.conflict)).toBe("Mine");
      }
      expect((await t.store.documents.save("home", titled("Ahead"), 7, "b@example.lk")).ok).toBe(false);
      expect(await t.store.documents.revisions("home")).toHaveLength(1);
    });

    it("lets exactly one of several simultaneous saves on the same version win", async () => {
      const other = await t.rival();
      for (const base of [0, 1]) {
        const results = await Promise.all(
          [t.store, other, t.store, other].map((s, i) =>
            s.documents.save("home", titled(`Writer ${i}`), base, `w${i}@example.lk`),
          ),
        );
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        for (const result of results.filter((r) => !r.ok)) expect(!result.ok && result.conflict.version).toBe(base + 1);
      }
      expect((await t.store.documents.revisions("home")).map((r) => r.version)).toEqual([2, 1]);
    });

    it("keeps sections apart and survives reopening the database", async () => {
      await t.store.documents.save("home", titled("Persisted"), 0, null);
      await t.reopen();
      expect((await t.store.documents.get("home")).version).toBe(1);
      expect((await t.store.documents.get("services")).version).toBe(0);
    });

    it("records a restore's origin", async () => {
      await t.store.documents.save("home", titled("One"), 0, null);
      await t.store.documents.save("home", titled("Two"), 1, null);
      const old = await t.store.documents.revision("home", 1);
      await t.store.documents.save("home", old!.data, 2, "a@example.lk", 1);
      const [latest] = await t.store.documents.revisions("home");
      expect(latest).toMatchObject({ version: 3, restoredFrom: 1, createdBy: "a@example.lk" });
    });

    it("serves its cached copy until told that another store saved, then reads the new one", async () => {
      const other = await t.another();
      expect((await t.store.documents.get("home")).version).toBe(0);
      await other.documents.save("home", titled("Elsewhere"), 0, "b@example.lk");
      expect((await t.store.documents.get("home")).version).toBe(0);
      t.store.documents.forget("home");
      expect(titleOf(await t.store.documents.get("home"))).toBe("Elsewhere");
    });

    it("resync drops the cache and names the documents whose version moved", async () => {
      const other = await t.another();
      await t.store.documents.get("home");
      await t.store.documents.get("about");
      await other.documents.save("home", titled("Missed"), 0, null);
      await other.documents.save("services", (await other.documents.get("services")).data, 0, null);
      expect(await t.store.documents.resync()).toEqual([{ id: "home", version: 1 }]);
      expect(titleOf(await t.store.documents.get("home"))).toBe("Missed");
      expect(await t.store.documents.resync()).toEqual([]);
    });

    it("keeps each document's translations apart, with versions, conflicts and resync of their own", async () => {
      const home = { key: "home", locale: "si" } as const;
      const tamil = { key: "home", locale: "ta" } as const;
      expect(await t.store.translations.get(home)).toMatchObject({ key: "home:si", version: 0, data: { texts: {} } });
      const texts = { texts: { "hero.title": { text: "ශ්\u200Dරී ලංකා", source: "Title" } } };
      const saved = await t.store.translations.save(home, texts, 0, "a@example.lk");
      expect(saved.ok).toBe(true);
      expect((await t.store.translations.save(home, texts, 0, null)).ok).toBe(false);
      expect((await t.store.translations.save(tamil, texts, 0, null)).ok).toBe(true);
      expect((await t.store.documents.get("home")).version).toBe(0);
      const other = await t.another();
      expect((await other.translations.get(home)).data).toEqual(texts);
      expect(await other.translations.revisions(home)).toHaveLength(1);
      await t.store.translations.get(home);
      await other.translations.save(home, { texts: {} }, 1, null);
      expect(await t.store.translations.resync()).toEqual([{ id: home, version: 2 }]);
      expect((await t.store.translations.get(home)).data).toEqual({ texts: {} });
    });

    it("keeps the document it saved: the next reader gets that very object, and it is what the database holds", async () => {
      const saved = await t.store.documents.save("home", titled("Kept"), 0, "a@example.lk");
      if (!saved.ok) throw new Error("the save was refused");
      const read = await t.store.documents.get("home");
      expect(read).toBe(saved.document);
      expect(Object.isFrozen(read.data)).toBe(true);
      // A store that reads the database (another instance, or this one after a restart) gets the same bytes.
      const other = await t.another();
      expect(JSON.stringify(await other.documents.get("home"))).toBe(JSON.stringify(read));
    });

    it("stores every section as saved: the kept copy and a fresh read of the database are the same, byte for byte", async () => {
      for (const key of Object.keys(documents) as DocumentKey[]) {
        const saved = await t.store.documents.save(key, documentSchemas[key].parse(documentDefaults[key]), 0, null);
        expect(saved.ok, key).toBe(true);
      }
      const other = await t.another();
      for (const key of Object.keys(documents) as DocumentKey[]) {
        expect(JSON.stringify(await other.documents.get(key)), key).toBe(
          JSON.stringify(await t.store.documents.get(key)),
        );
        expect(await t.store.documents.revision(key, 1), key).toMatchObject({
          data: (await other.documents.get(key)).data,
        });
      }
    });

    it("never lets a read begun before a save put the older version back", async () => {
      const reading = t.store.documents.get("home");
      await t.store.documents.save("home", titled("Newer"), 0, null);
      await reading;
      expect(titleOf(await t.store.documents.get("home"))).toBe("Newer");
    });

    it("after simultaneous saves, every store reads the winner", async () => {
      const other = await t.rival();
      const results = await Promise.all(
        [t.store, other].map((s, i) => s.documents.save("home", titled(`Writer ${i}`), 0, null)),
      );
      const winner = results.find((r) => r.ok);
      expect(winner?.ok && titleOf(winner.document)).toMatch(/^Writer [01]$/);
      for (const s of [t.store, other])
        expect(titleOf(await s.documents.get("home"))).toBe(winner?.ok && titleOf(winner.document));
    });
  });
});
