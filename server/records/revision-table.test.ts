import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { pageRevisions, pageTranslationRevisions } from "#server/pages/rows.ts";
import type { LandingPageTables } from "#server/pages/types.ts";
import { postRevisions, postTranslationRevisions } from "#server/posts/records.ts";
import type { PostTables } from "#server/posts/types.ts";
import { describeEachStore } from "../../tests/helpers/each-store.ts";

const at = (day: number) => `2026-01-0${day}T00:00:00.000Z`;
/** The data as stored, as a kind's reader would take it. */
const asStored = (json: string) => ({ data: json });

describeEachStore((t) => {
  describe("revision tables", () => {
    it("numbers a record's versions after the last kept, lists them newest first, and reads one back", async () => {
      const db = (await t.database()) as unknown as Kysely<PostTables>;
      const post = { id: "rev-table-post" };
      expect(await postRevisions.nextVersion(db, post)).toBe(1);
      expect(await postRevisions.list(db, post)).toEqual([]);
      expect(await postRevisions.get(db, post, 1, asStored)).toBeUndefined();

      await postRevisions.add(db, post, { version: 1, data: '{"title":"One"}', at: at(1), by: "a@example.lk" });
      await postRevisions.add(db, post, { version: 2, data: '{"title":"Two"}', at: at(2), by: null, restoredFrom: 1 });
      // Another record's versions are its own.
      await postRevisions.add(db, { id: "another-post" }, { version: 7, data: "{}", at: at(3), by: null });

      expect(await postRevisions.nextVersion(db, post)).toBe(3);
      expect(await postRevisions.list(db, post)).toEqual([
        { version: 2, createdAt: at(2), createdBy: null, restoredFrom: 1 },
        { version: 1, createdAt: at(1), createdBy: "a@example.lk", restoredFrom: null },
      ]);
      expect(await postRevisions.get(db, post, 1, (json) => ({ data: JSON.parse(json) as unknown }))).toEqual({
        id: "rev-table-post",
        version: 1,
        createdAt: at(1),
        createdBy: "a@example.lk",
        restoredFrom: null,
        data: { title: "One" },
      });
      expect(await postRevisions.get(db, post, 3, asStored)).toBeUndefined();
      expect(await postRevisions.nextVersion(db, { id: "another-post" })).toBe(8);
    });

    it("keeps a translation's versions apart from the same record's in another language, and from its English", async () => {
      const connection = await t.database();
      const db = connection as unknown as Kysely<LandingPageTables>;
      const sinhala = { id: "rev-table-page", locale: "si" } as const;
      const tamil = { id: "rev-table-page", locale: "ta" } as const;
      // Sinhala's joiners are kept byte for byte.
      const joined = '{"title":"ශ්\u200Dරී"}';
      await pageTranslationRevisions.add(db, sinhala, { version: 1, data: "{}", at: at(1), by: null });
      await pageTranslationRevisions.add(db, sinhala, { version: 2, data: joined, at: at(2), by: "a@example.lk" });
      await pageTranslationRevisions.add(db, tamil, { version: 1, data: "{}", at: at(3), by: null });

      expect(await pageTranslationRevisions.nextVersion(db, sinhala)).toBe(3);
      expect(await pageTranslationRevisions.nextVersion(db, tamil)).toBe(2);
      expect((await pageTranslationRevisions.list(db, sinhala)).map((revision) => revision.version)).toEqual([2, 1]);
      expect((await pageTranslationRevisions.list(db, tamil)).map((revision) => revision.createdAt)).toEqual([at(3)]);
      expect(Buffer.from((await pageTranslationRevisions.get(db, sinhala, 2, asStored))?.data ?? "")).toEqual(
        Buffer.from(joined),
      );
      expect(await pageTranslationRevisions.get(db, tamil, 1, asStored)).toMatchObject({
        id: "rev-table-page",
        locale: "ta",
      });
      expect(await pageTranslationRevisions.get(db, tamil, 2, asStored)).toBeUndefined();
      expect(await pageRevisions.list(db, { id: "rev-table-page" })).toEqual([]);
      expect(await pageRevisions.nextVersion(db, { id: "rev-table-page" })).toBe(1);
      const posts = connection as unknown as Kysely<PostTables>;
      expect(await postTranslationRevisions.list(posts, { id: "rev-table-page", locale: "si" })).toEqual([]);
    });
  });
});
