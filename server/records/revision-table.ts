import type { Kysely } from "kysely";
import type { Actor, RevisionSummary } from "#content/documents.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import { toRevisionSummary } from "#server/content/types.ts";

/** The columns every revision table has beside the one naming its record (and, for a translation's, its language). */
interface RevisionColumns {
  version: number;
  data: string;
  created_at: string;
  created_by: string | null;
  restored_from: number | null;
}

/** The tables of `DB` that keep revisions. */
type RevisionTableName<DB> = {
  [T in keyof DB & string]: DB[T] extends RevisionColumns ? T : never;
}[keyof DB & string];

/** A column of table `T` holding text (a record's id, a language). */
type TextColumn<DB, T extends keyof DB> = {
  [C in keyof DB[T] & string]: DB[T][C] extends string ? C : never;
}[keyof DB[T] & string];

/**
 * Where a kind keeps its versions (`post_revisions`, `landing_page_translation_revisions` …): the
 * table, the column naming the record a version is of, and for a translation's versions the column
 * naming its language. Names come from the kinds' own constants, checked against their tables'
 * types, never from a request.
 */
export interface RevisionTableDescription<DB, T extends RevisionTableName<DB> = RevisionTableName<DB>> {
  table: T;
  record: TextColumn<DB, T>;
  locale?: TextColumn<DB, T>;
}

/** Which record's versions: its id, and the language for a translation's. */
export type RevisionsOf<Translated extends boolean> = Translated extends true
  ? { id: string; locale: TranslatedLocale }
  : { id: string };

/** A version to keep, whole, with who wrote it and when (and which version it restores). */
export interface NewRevision {
  version: number;
  data: string;
  at: string;
  by: Actor;
  restoredFrom?: number | undefined;
}

/** The queries of one revision table; each takes the connection or the transaction it runs in. */
export interface RevisionTable<DB, Translated extends boolean> {
  /** The version a record's first save (or its first after a deletion, whose versions stay) writes: 1 after the last kept. */
  nextVersion(db: Kysely<DB>, of: RevisionsOf<Translated>): Promise<number>;
  add(db: Kysely<DB>, of: RevisionsOf<Translated>, revision: NewRevision): Promise<void>;
  /** Every kept version's summary, newest first. */
  list(db: Kysely<DB>, of: RevisionsOf<Translated>): Promise<RevisionSummary[]>;
  /**
   * Version `version` (undefined when it is not kept): which record's, its summary, and what `read`
   * makes of its data as stored (JSON text, which the kind reads with its schema).
   */
  get<Read extends object>(
    db: Kysely<DB>,
    of: RevisionsOf<Translated>,
    version: number,
    read: (json: string) => Read,
  ): Promise<(RevisionsOf<Translated> & RevisionSummary & Read) | undefined>;
}

/** Any revision table, as the queries below see it: its known columns, and the ones the description names. */
type AnyRevisions = Record<string, RevisionColumns & Record<string, string | number | null>>;

/**
 * The revision queries the versioned records share (posts, team pages, and their translations:
 * migrations 0004-posts, 0014-post-translations, 0032-landing-pages), over the table `description`
 * names. A translation's table (one with `locale`) is always asked for one language's versions.
 */
export function revisionTable<DB, T extends RevisionTableName<DB>>(
  description: RevisionTableDescription<DB, T> & { locale: TextColumn<DB, T> },
): RevisionTable<DB, true>;
export function revisionTable<DB, T extends RevisionTableName<DB>>(
  description: RevisionTableDescription<DB, T> & { locale?: undefined },
): RevisionTable<DB, false>;
export function revisionTable<DB, T extends RevisionTableName<DB>>(
  description: RevisionTableDescription<DB, T>,
): RevisionTable<DB, boolean> {
  const table: string = description.table;
  const record: string = description.record;
  const locale: string | undefined = description.locale;
  const rows = (db: Kysely<DB>, of: { id: string; locale?: TranslatedLocale }) => {
    const query = (db as unknown as Kysely<AnyRevisions>).selectFrom(table).where(record, "=", of.id);
    return locale === undefined ? query : query.where(locale, "=", of.locale!);
  };
  return {
    async nextVersion(db, of) {
      const last = await rows(db, of)
        .select((eb) => eb.fn.max("version").as("version"))
        .executeTakeFirst();
      return Number(last?.version ?? 0) + 1;
    },

    async add(db, of, revision) {
      await (db as unknown as Kysely<AnyRevisions>)
        .insertInto(table)
        .values({
          [record]: of.id,
          ...(locale !== undefined && { [locale]: (of as { locale: TranslatedLocale }).locale }),
          version: revision.version,
          data: revision.data,
          created_at: revision.at,
          created_by: revision.by,
          restored_from: revision.restoredFrom ?? null,
        })
        .execute();
    },

    async list(db, of) {
      const found = await rows(db, of)
        .select(["version", "created_at", "created_by", "restored_from"])
        .orderBy("version", "desc")
        .execute();
      return found.map(toRevisionSummary);
    },

    async get(db, of, version, read) {
      const row = await rows(db, of)
        .select(["version", "data", "created_at", "created_by", "restored_from"])
        .where("version", "=", version)
        .executeTakeFirst();
      return row && { ...of, ...toRevisionSummary(row), ...read(row.data) };
    },
  };
}
