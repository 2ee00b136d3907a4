import type { Kysely, Selectable } from "kysely";
import { inReview } from "#content/post-status.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import { issuesOf } from "#server/posts/records.ts";
import {
  isUniqueViolation,
  pageRevisions,
  pageTranslationRevisions,
  parsedJson,
  storedTime,
  toStored,
} from "./rows.ts";
import { landingPageTranslationDataSchema, type LandingPageTranslationData } from "./translation.ts";
import type {
  LandingPageTables,
  LandingPageTranslationSaveResult,
  LandingPageTranslationStore,
  StoredLandingPageTranslation,
} from "./types.ts";

export type TranslationRow = Selectable<LandingPageTables["landing_page_translations"]>;

/** A translation's row key, `<page id>:<locale>` (as posts' and the documents' translations). */
export const translationKey = (id: string, locale: TranslatedLocale) => `${id}:${locale}`;

/** The translation in the order of its schema, so a reader parsing the stored JSON gets the very same object. */
function ordered(data: LandingPageTranslationData): LandingPageTranslationData {
  return {
    status: data.status,
    ...(data.publishAt !== undefined && { publishAt: data.publishAt }),
    ...(inReview(data) && { review: true }),
    texts: data.texts,
  };
}

/** Stored translation data as its schema reads it, or as stored with what is wrong. */
export function readTranslation(json: string) {
  const stored = parsedJson(json);
  const parsed = landingPageTranslationDataSchema.safeParse(stored);
  return parsed.success ? { data: parsed.data } : { data: stored, issues: issuesOf(parsed.error) };
}

export function toStoredTranslation(row: TranslationRow): StoredLandingPageTranslation {
  return {
    id: row.page_id,
    locale: row.locale as TranslatedLocale,
    version: row.version,
    ...(readTranslation(row.data) as { data: LandingPageTranslationData }),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** The pages' translations (migration 0032-landing-pages), each a record with its own version and revisions. */
export function createLandingPageTranslationStore(db: Kysely<LandingPageTables>): LandingPageTranslationStore {
  const saveOnce = (
    id: string,
    locale: TranslatedLocale,
    sent: LandingPageTranslationData,
    baseVersion: number,
    actor: string | null,
    restoredFrom: number | undefined,
  ) =>
    db.transaction().execute(async (trx): Promise<LandingPageTranslationSaveResult> => {
      const page = await trx.selectFrom("landing_pages").select("id").where("id", "=", id).executeTakeFirst();
      if (!page) return { ok: false, reason: "no-page" };
      const key = translationKey(id, locale);
      const row = await trx
        .selectFrom("landing_page_translations")
        .selectAll()
        .where("key", "=", key)
        .executeTakeFirst();
      if ((row?.version ?? 0) !== baseVersion)
        return { ok: false, reason: "conflict", current: row && toStoredTranslation(row) };
      const data = ordered(sent);
      const now = new Date().toISOString();
      const columns = {
        status: data.status,
        publish_at: storedTime(data.publishAt),
        review: inReview(data) ? 1 : 0,
        data: JSON.stringify(data),
      };
      let version = baseVersion + 1;
      if (row) {
        const written = await trx
          .updateTable("landing_page_translations")
          .set({ version, ...columns, updated_at: now, updated_by: actor })
          .where("key", "=", key)
          .where("version", "=", baseVersion)
          .returning("version")
          .executeTakeFirst();
        if (!written) {
          const current = await trx
            .selectFrom("landing_page_translations")
            .selectAll()
            .where("key", "=", key)
            .executeTakeFirst();
          return { ok: false, reason: "conflict", current: current && toStoredTranslation(current) };
        }
      } else {
        // A first translation, or the first after one removed whose revisions remain: the next version of those.
        version = await pageTranslationRevisions.nextVersion(trx, { id, locale });
        await trx
          .insertInto("landing_page_translations")
          .values({
            key,
            page_id: id,
            locale,
            version,
            ...columns,
            created_at: now,
            updated_at: now,
            updated_by: actor,
          })
          .execute();
      }
      await pageTranslationRevisions.add(
        trx,
        { id, locale },
        { version, data: columns.data, at: now, by: actor, restoredFrom },
      );
      return {
        ok: true,
        translation: { id, locale, version, data, updatedAt: now, updatedBy: actor },
      };
    });

  const translations: LandingPageTranslationStore = {
    async get(id, locale) {
      const page = await db.selectFrom("landing_pages").selectAll().where("id", "=", id).executeTakeFirst();
      if (!page) return undefined;
      const row = await db
        .selectFrom("landing_page_translations")
        .selectAll()
        .where("key", "=", translationKey(id, locale))
        .executeTakeFirst();
      return { english: toStored(page), translation: row && toStoredTranslation(row) };
    },

    async englishAt(id, version) {
      const page = await db
        .selectFrom("landing_pages")
        .select(["version", "data"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (page?.version === version) return parsedJson(page.data);
      const revision = await pageRevisions.get(db, { id }, version, (json) => ({ data: parsedJson(json) }));
      return revision?.data;
    },

    async save(id, locale, data, baseVersion, actor, restoredFrom) {
      try {
        return await saveOnce(id, locale, data, baseVersion, actor, restoredFrom);
      } catch (error) {
        // Two first saves at once: the one that lost finds the other's and answers the conflict.
        if (!isUniqueViolation(error)) throw error;
        const row = await db
          .selectFrom("landing_page_translations")
          .selectAll()
          .where("key", "=", translationKey(id, locale))
          .executeTakeFirst();
        return { ok: false, reason: "conflict", current: row && toStoredTranslation(row) };
      }
    },

    async remove(id, locale) {
      const removed = await db
        .deleteFrom("landing_page_translations")
        .where("key", "=", translationKey(id, locale))
        .returning("version")
        .executeTakeFirst();
      return removed && { version: removed.version };
    },

    revisions: (id, locale) => pageTranslationRevisions.list(db, { id, locale }),

    revision: (id, locale, version) =>
      pageTranslationRevisions.get(db, { id, locale }, version, (json) => ({ data: parsedJson(json) })),

    async languages(ids) {
      const found = new Map<string, TranslatedLocale[]>();
      if (ids.length === 0) return found;
      const rows = await db
        .selectFrom("landing_page_translations")
        .select(["page_id", "locale"])
        .where("page_id", "in", [...ids])
        .orderBy("locale")
        .execute();
      for (const row of rows)
        found.set(row.page_id, [...(found.get(row.page_id) ?? []), row.locale as TranslatedLocale]);
      return found;
    },
  };
  return translations;
}
