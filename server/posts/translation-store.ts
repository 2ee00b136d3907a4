import type { Actor } from "#content/documents.ts";
import type { Kysely, Selectable, Transaction } from "kysely";
import { inReview } from "#content/post-status.ts";
import type { PostIssue } from "#content/posts.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import { SLUG_MAX_LENGTH, firstFreeSlug, isPostSlug, nextFormerSlugs } from "#content/rules.ts";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import type { ImageCheck } from "#server/media/references.ts";
import {
  isObject,
  issuesOf,
  parsedJson,
  postRevisions,
  postTranslationRevisions,
  retryOnUniqueViolation,
  toStored,
} from "./records.ts";
import { postTranslationDataSchema, textsOf, type PostTranslationData } from "./translation.ts";
import type {
  PostTables,
  PostTranslation,
  PostTranslationSaveResult,
  PostTranslationStore,
  StoredPostTranslation,
} from "./types.ts";

type Db = Kysely<PostTables> | Transaction<PostTables>;
export type TranslationRow = Selectable<PostTables["post_translations"]>;

/** A translation's row key, `<post id>:<locale>` (as the documents' translations, `home:si`). */
export const translationKey = (id: string, locale: TranslatedLocale) => `${id}:${locale}`;
/** A former address's row key, `<locale>:<slug>`. */
export const addressKey = (locale: TranslatedLocale, slug: string) => `${locale}:${slug}`;

/** The translation in the order of its schema, so a reader parsing the stored JSON gets the very same object. */
function ordered(data: PostTranslationData): PostTranslationData {
  const { title, excerpt, content, imageAlt } = data.texts;
  return {
    slug: data.slug,
    status: data.status,
    ...(data.publishAt !== undefined && { publishAt: data.publishAt }),
    ...(inReview(data) && { review: true }),
    texts: {
      ...(title && { title }),
      ...(excerpt && { excerpt }),
      ...(content && { content }),
      ...(imageAlt && { imageAlt }),
    },
    ...(data.formerSlugs && data.formerSlugs.length > 0 && { formerSlugs: [...data.formerSlugs] }),
  };
}

/** The columns that follow from a translation. */
export function translationColumns(data: PostTranslationData) {
  const title = data.texts.title?.text ?? "";
  const excerpt = data.texts.excerpt?.text ?? "";
  return {
    slug: data.slug,
    status: data.status,
    publish_at: data.publishAt ? new Date(data.publishAt).toISOString() : null,
    review: inReview(data) ? 1 : 0,
    title,
    excerpt,
    image_alt: data.texts.imageAlt?.text ?? "",
    // Lower-cased in JavaScript as the English post's: Sinhala and Tamil have no case, and keep every joiner.
    search: `${title}\n${excerpt}`.toLowerCase(),
    data: JSON.stringify(data),
  };
}

/** Stored translation data as its schema reads it, or as stored with what is wrong. */
export function readTranslationData(
  json: string,
): { data: PostTranslationData } | { data: unknown; issues: PostIssue[] } {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return { data: json, issues: [{ path: "", message: "What is stored is not JSON." }] };
  }
  const parsed = postTranslationDataSchema.safeParse(stored);
  return parsed.success ? { data: parsed.data } : { data: stored, issues: issuesOf(parsed.error) };
}

/** A translation's row as the admin reads it. */
export function toStoredTranslation(row: TranslationRow): StoredPostTranslation {
  return {
    id: row.post_id,
    locale: row.locale as TranslatedLocale,
    version: row.version,
    slug: row.slug,
    ...readTranslationData(row.data),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

export const isReadableTranslation = (translation: StoredPostTranslation): translation is PostTranslation =>
  !("issues" in translation);

/** The former addresses a save keeps from the version it replaces (whatever else is wrong with it). */
function formerSlugsOf(row: TranslationRow): string[] {
  const read = toStoredTranslation(row);
  if (isReadableTranslation(read)) return read.data.formerSlugs ?? [];
  const stored = isObject(read.data) ? read.data["formerSlugs"] : undefined;
  return Array.isArray(stored)
    ? stored.filter((slug): slug is string => typeof slug === "string" && isPostSlug(slug))
    : [];
}

/** Whether another post's translation into `locale` lives at `slug`. */
async function slugTaken(trx: Db, locale: TranslatedLocale, slug: string, id: string): Promise<boolean> {
  const row = await trx
    .selectFrom("post_translations")
    .select("post_id")
    .where("locale", "=", locale)
    .where("slug", "=", slug)
    .where("post_id", "!=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The first free address in `locale` from `base` on (`base`, then `base-2`, `-3` …), for post `id`. */
async function freeSlugIn(trx: Db, locale: TranslatedLocale, id: string, base: string): Promise<string> {
  const rows = await trx
    .selectFrom("post_translations")
    .select("slug")
    .where("locale", "=", locale)
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base.slice(0, SLUG_MAX_LENGTH - 8)}%`)]))
    .where("post_id", "!=", id)
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  return firstFreeSlug(base, (slug) => taken.has(slug));
}

/** Former addresses in the language answer with a redirect: one row per address, the latest owner wins. */
async function keepAddresses(trx: Db, id: string, locale: TranslatedLocale, formerSlugs: readonly string[]) {
  await trx.deleteFrom("post_translation_addresses").where("post_id", "=", id).where("locale", "=", locale).execute();
  for (const slug of formerSlugs) {
    await trx
      .insertInto("post_translation_addresses")
      .values({ key: addressKey(locale, slug), locale, slug, post_id: id })
      .onConflict((oc) => oc.column("key").doUpdateSet({ post_id: id }))
      .execute();
  }
}

/**
 * Inserts the row of a translation that has none: its version back, or undefined when another
 * save wrote one first (the key is unique: the caller answers that as a conflict).
 */
function insertFirst(
  trx: Db,
  id: string,
  locale: TranslatedLocale,
  row: { version: number; columns: ReturnType<typeof translationColumns>; at: string; by: Actor },
) {
  const { version, columns, at, by } = row;
  return trx
    .insertInto("post_translations")
    .values({
      key: translationKey(id, locale),
      post_id: id,
      locale,
      version,
      ...columns,
      created_at: at,
      updated_at: at,
      updated_by: by,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("version")
    .executeTakeFirst();
}

/**
 * Writes the first version of a translation of post `id` whose English post has address
 * `englishSlug`, with its revision, unless it has one already (then undefined): the built-in
 * posts' translations, written once (./move-in.ts).
 */
export async function insertTranslation(
  trx: Db,
  id: string,
  locale: TranslatedLocale,
  data: Omit<PostTranslationData, "slug" | "formerSlugs">,
  englishSlug: string,
  at: string,
): Promise<number | undefined> {
  const stored = ordered({ ...data, slug: await freeSlugIn(trx, locale, id, englishSlug) });
  const version = await postTranslationRevisions.nextVersion(trx, { id, locale });
  const columns = translationColumns(stored);
  const written = await insertFirst(trx, id, locale, { version, columns, at, by: null });
  if (!written) return undefined;
  await postTranslationRevisions.add(trx, { id, locale }, { version, data: columns.data, at, by: null });
  return version;
}

/**
 * Posts' translations, each a record with its own version (compare-and-set, as the English posts'),
 * revisions and former addresses in its language (docs/decisions/009-posts-as-records.md).
 */
export function createPostTranslationStore(
  db: Kysely<PostTables>,
  dialect: SqlDialect,
  checkImages: ImageCheck,
): PostTranslationStore {
  const current = async (trx: Db, id: string, locale: TranslatedLocale) =>
    trx.selectFrom("post_translations").selectAll().where("key", "=", translationKey(id, locale)).executeTakeFirst();

  return {
    async get(id, locale) {
      const english = await db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
      if (!english) return undefined;
      const row = await current(db, id, locale);
      return { english: toStored(english), translation: row && toStoredTranslation(row) };
    },

    async englishTexts(id, version) {
      const row = await db.selectFrom("posts").select(["version", "data"]).where("id", "=", id).executeTakeFirst();
      if (row?.version === version) return textsOf(parsedJson(row.data));
      const revision = await postRevisions.get(db, { id }, version, (json) => ({ texts: textsOf(parsedJson(json)) }));
      return revision?.texts;
    },

    save(id, locale, { data, slug: asked }, baseVersion, actor, restoredFrom) {
      return retryOnUniqueViolation(() =>
        db.transaction().execute(async (trx): Promise<PostTranslationSaveResult> => {
          // Locked on PostgreSQL until this save ends: a deletion of the post running now (on another
          // connection or instance) is waited for, and then seen, so no translation outlives its post.
          // (SQLite has one writer at a time and no `for share`.)
          const query = trx.selectFrom("posts").select("slug").where("id", "=", id);
          const post = await (dialect === "postgres" ? query.forShare() : query).executeTakeFirst();
          if (!post) return { ok: false, reason: "no-post" };
          const row = await current(trx, id, locale);
          const conflict = async () => {
            const now = await current(trx, id, locale);
            return { ok: false as const, reason: "conflict" as const, current: now && toStoredTranslation(now) };
          };
          if ((row?.version ?? 0) !== baseVersion) return conflict();
          // Its address: the one asked for, else the one it has, else (a first save) the English post's.
          let slug = row?.slug;
          if (asked && asked.slug !== row?.slug) {
            if (!(await slugTaken(trx, locale, asked.slug, id))) slug = asked.slug;
            else if (asked.ifTaken === "refuse") return { ok: false, reason: "slug-taken", slug: asked.slug };
          }
          slug ??= await freeSlugIn(trx, locale, id, post.slug);
          const previous = row ? formerSlugsOf(row) : [];
          const formerSlugs = !row || slug === row.slug ? previous : nextFormerSlugs(previous, row.slug, slug);
          const stored = ordered({ ...data, slug, formerSlugs });
          const columns = translationColumns(stored);
          const now = new Date().toISOString();
          // A first save (or one after a delete) writes the next version after any kept.
          const version = row ? baseVersion + 1 : await postTranslationRevisions.nextVersion(trx, { id, locale });
          const written = row
            ? await trx
                .updateTable("post_translations")
                .set({ version, ...columns, updated_at: now, updated_by: actor })
                .where("key", "=", translationKey(id, locale))
                .where("version", "=", baseVersion)
                .returning("version")
                .executeTakeFirst()
            : await insertFirst(trx, id, locale, { version, columns, at: now, by: actor });
          if (!written) return conflict();
          // A link in its texts to an image is checked as the English post's image is.
          await checkImages(trx, stored, restoredFrom);
          await postTranslationRevisions.add(
            trx,
            { id, locale },
            { version, data: columns.data, at: now, by: actor, restoredFrom },
          );
          if (!row || slug !== row.slug) await keepAddresses(trx, id, locale, formerSlugs);
          const translation: PostTranslation = {
            id,
            locale,
            version,
            slug,
            data: stored,
            updatedAt: now,
            updatedBy: actor,
          };
          return { ok: true, translation };
        }),
      );
    },

    async remove(id, locale) {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom("post_translations")
          .where("key", "=", translationKey(id, locale))
          .returning("version")
          .executeTakeFirst();
        await trx
          .deleteFrom("post_translation_addresses")
          .where("post_id", "=", id)
          .where("locale", "=", locale)
          .execute();
        return deleted && { version: deleted.version };
      });
    },

    revisions: (id, locale) => postTranslationRevisions.list(db, { id, locale }),

    revision: (id, locale, version) =>
      postTranslationRevisions.get(db, { id, locale }, version, (json) => ({ data: parsedJson(json) })),
  };
}
