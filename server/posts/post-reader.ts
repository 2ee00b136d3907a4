import type { TranslatedLocale } from "#content/locales.ts";
import { laterChange, toSummary, type SummaryRow } from "./cards.ts";
import { isReadable, toStored, type PostRow } from "./records.ts";
import { localizePost } from "./translation.ts";
import { readTranslationData } from "./translation-store.ts";
import type { PostReadModel, PostRecord, UnreadablePost } from "./types.ts";

/** What a whole post in a language takes from the translation. */
export const TRANSLATION_RECORD_COLUMNS = [
  "t.version as t_version",
  "t.slug as t_slug",
  "t.data as t_data",
  "t.updated_at as t_updated_at",
  "t.updated_by as t_updated_by",
] as const;

type TranslationRecordRow = PostRow & {
  t_version: number;
  t_slug: string;
  t_data: string;
  t_updated_at: string;
  t_updated_by: string | null;
};

/**
 * Turns the rows the read model selects into what it gives: records and cards a post's schema
 * accepts. One it refuses is left out and reported, to the `onUnreadable` listeners.
 */
export function createPostReader() {
  const listeners = new Set<(post: UnreadablePost) => void>();
  const reported = new Set<string>();
  /** Tells the listeners of a stored post its schema refuses as a read leaves it out: once per save of it. */
  const report = (post: UnreadablePost, updatedAt: string) => {
    const key = `${post.slug} ${updatedAt}`;
    if (reported.has(key)) return;
    reported.add(key);
    for (const listener of listeners) listener(post);
  };
  /** The row as a record, or undefined (reported) when its data fails the schema. */
  const readable = (row: PostRow): PostRecord | undefined => {
    const post = toStored(row);
    if (isReadable(post)) return post;
    report({ id: post.id, version: post.version, slug: post.slug, issues: post.issues }, row.updated_at);
    return undefined;
  };
  const readables = (rows: PostRow[]) => rows.flatMap((row) => readable(row) ?? []);
  /** Cards for visitors: one whose summary fails the schema is left out (and reported). */
  const publicSummaries = (rows: SummaryRow[]) =>
    rows.flatMap((row) => {
      const { summary, issues } = toSummary(row);
      if (!issues) return [summary];
      report({ id: row.id, version: row.version, slug: row.slug, issues }, row.updated_at);
      return [];
    });
  /** A post in `locale` from a row joining its translation; undefined (reported) when either fails its schema. */
  const localizedRecord = (row: TranslationRecordRow, locale: TranslatedLocale): PostRecord | undefined => {
    const english = readable(row);
    if (!english) return undefined;
    const translation = readTranslationData(row.t_data);
    if ("issues" in translation) {
      const slug = `${locale}/${row.t_slug}`;
      report({ id: row.id, version: row.t_version, slug, issues: translation.issues }, row.t_updated_at);
      return undefined;
    }
    const { data, english: inEnglish } = localizePost(english.data, translation.data);
    return {
      id: row.id,
      version: row.t_version,
      slug: row.t_slug,
      data,
      ...laterChange({ at: row.updated_at, by: row.updated_by }, { at: row.t_updated_at, by: row.t_updated_by }),
      locale,
      english: inEnglish,
    };
  };
  const localizedRecords = (rows: TranslationRecordRow[], locale: TranslatedLocale) =>
    rows.flatMap((row) => localizedRecord(row, locale) ?? []);
  const onUnreadable: PostReadModel["onUnreadable"] = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { report, readable, readables, publicSummaries, localizedRecord, localizedRecords, onUnreadable };
}
