import type { Kysely } from "kysely";
import { versionedTablesFingerprint } from "#server/records/fingerprint.ts";
import { readOnce } from "#server/records/read-once.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import { isTranslated, type Locale, type TranslatedLocale } from "#content/locales.ts";
import { liveAt, readPage, type PageRow } from "./rows.ts";
import { localizePage } from "./translation.ts";
import { readTranslation, translationKey, type TranslationRow } from "./translation-store.ts";
import type { LandingPageReadModel, LandingPageTables, PublicLandingPage } from "./types.ts";

const later = (a: string, b: string) => (a > b ? a : b);

// Each row version parsed and checked once, not on every render of its page (in each language, for its
// hreflang): one store per process, its rows' ids and versions as keys.
const pageOnce = readOnce(readPage);
const translationOnce = readOnce(readTranslation);

/**
 * The page `row` as visitors read it in `locale` (with `translation`'s row there), or undefined
 * when its schema refuses what is stored (left out, as posts' unreadable ones are).
 */
function publicPage(row: PageRow, locale: Locale, translation?: TranslationRow): PublicLandingPage | undefined {
  const read = pageOnce(`${row.id}@${row.version}`, row.data);
  if ("issues" in read) return undefined;
  const record = { id: row.id, version: row.version, updatedAt: row.updated_at, updatedBy: row.updated_by };
  if (!isTranslated(locale) || !translation) return { ...record, data: read.data, shownUpdatedAt: row.updated_at };
  const texts = translationOnce(`${translation.key}@${translation.version}`, translation.data);
  if ("issues" in texts) return undefined;
  const { data, english } = localizePage(read.data as LandingPage, texts.data);
  return {
    ...record,
    data,
    locale: locale as TranslatedLocale,
    english,
    shownUpdatedAt: later(row.updated_at, translation.updated_at),
  };
}

/** What the site reads of the team's pages (./types.ts `LandingPageReadModel`). */
export function createLandingPageReadModel(db: Kysely<LandingPageTables>): LandingPageReadModel {
  /** The translations into `locale` public now of the pages `ids`, by page id. */
  async function liveTranslations(ids: readonly string[], locale: TranslatedLocale, now: Date) {
    if (ids.length === 0) return new Map<string, TranslationRow>();
    const rows = await db
      .selectFrom("landing_page_translations")
      .selectAll()
      .where("page_id", "in", [...ids])
      .where("locale", "=", locale)
      .where(liveAt("landing_page_translations", now))
      .execute();
    return new Map(rows.map((row) => [row.page_id, row]));
  }

  return {
    async findByPath(path, locale = "en") {
      const now = new Date();
      const row = await db
        .selectFrom("landing_pages")
        .selectAll()
        .where("path", "=", path)
        .where(liveAt("landing_pages", now))
        .executeTakeFirst();
      if (!row) return undefined;
      if (!isTranslated(locale)) return publicPage(row, locale);
      const translation = await db
        .selectFrom("landing_page_translations")
        .selectAll()
        .where("key", "=", translationKey(row.id, locale))
        .where(liveAt("landing_page_translations", now))
        .executeTakeFirst();
      return translation && publicPage(row, locale, translation);
    },

    async everyPublic(locale = "en") {
      const now = new Date();
      const rows = await db
        .selectFrom("landing_pages")
        .selectAll()
        .where(liveAt("landing_pages", now))
        .orderBy("id")
        .execute();
      const translations = isTranslated(locale)
        ? await liveTranslations(
            rows.map((row) => row.id),
            locale,
            now,
          )
        : undefined;
      const pages: PublicLandingPage[] = [];
      for (const row of rows) {
        if (translations && !translations.has(row.id)) continue;
        const page = publicPage(row, locale, translations?.get(row.id));
        if (page) pages.push(page);
      }
      return pages;
    },

    async addressesInLanguages() {
      const now = new Date();
      const rows = await db
        .selectFrom("landing_pages")
        .select(["id", "path", "data", "updated_at"])
        .where(liveAt("landing_pages", now))
        .where("noindex", "=", 0)
        .orderBy("path")
        .execute();
      const readable = rows.filter((row) => !("issues" in readPage(row.data)));
      const ids = readable.map((row) => row.id);
      const translations =
        ids.length === 0
          ? []
          : await db
              .selectFrom("landing_page_translations")
              .select(["page_id", "locale", "updated_at"])
              .where("page_id", "in", ids)
              .where(liveAt("landing_page_translations", now))
              .orderBy("locale")
              .execute();
      return readable.map((row) => ({
        id: row.id,
        path: row.path,
        languages: {
          en: { updatedAt: row.updated_at },
          ...Object.fromEntries(
            translations
              .filter((translation) => translation.page_id === row.id)
              .map((translation) => [translation.locale, { updatedAt: later(row.updated_at, translation.updated_at) }]),
          ),
        },
      }));
    },

    async nextPublication(after) {
      const at = after.toISOString();
      const [page, translation] = await Promise.all(
        (["landing_pages", "landing_page_translations"] as const).map((table) =>
          db
            .selectFrom(table)
            .select((eb) => eb.fn.min("publish_at").as("next"))
            .where("status", "=", "published")
            .where("publish_at", ">", at)
            .executeTakeFirst(),
        ),
      );
      const next = [page?.next, translation?.next].filter((time): time is string => typeof time === "string").sort()[0];
      return next === undefined ? undefined : new Date(next);
    },

    async publishedBetween(from, to) {
      const [start, end] = [from.toISOString(), to.toISOString()];
      const pages = await db
        .selectFrom("landing_pages")
        .select(["id", "path", "version"])
        .where("status", "=", "published")
        .where("publish_at", ">", start)
        .where("publish_at", "<=", end)
        .execute();
      const translations = await db
        .selectFrom("landing_page_translations")
        .innerJoin("landing_pages", "landing_pages.id", "landing_page_translations.page_id")
        .select([
          "landing_page_translations.page_id as id",
          "landing_pages.path as path",
          "landing_page_translations.version as version",
          "landing_page_translations.locale as locale",
        ])
        .where("landing_page_translations.status", "=", "published")
        .where("landing_page_translations.publish_at", ">", start)
        .where("landing_page_translations.publish_at", "<=", end)
        .execute();
      return [...pages, ...translations.map((row) => ({ ...row, locale: row.locale as TranslatedLocale }))];
    },

    fingerprint: () =>
      versionedTablesFingerprint(db as unknown as Parameters<typeof versionedTablesFingerprint>[0], [
        "landing_pages",
        "landing_page_translations",
      ]),
  };
}
