import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { versionedTablesFingerprint } from "#server/records/fingerprint.ts";
import { z } from "zod";
import { isTranslated, type TranslatedLocale } from "#content/locales.ts";
import type { PostAddresses, PostListFilter } from "#content/posts.ts";
import { isPostSlug } from "#content/rules.ts";
import { blogPostSchema } from "#content/schemas.ts";
import {
  JOINED_SUMMARY_COLUMNS,
  SUMMARY_COLUMNS,
  TRANSLATION_CARD_COLUMNS,
  localizedSummary,
  toSummary,
  untranslatedSummary,
  type TranslationCard,
} from "./cards.ts";
import { TRANSLATION_RECORD_COLUMNS, createPostReader } from "./post-reader.ts";
import { containing, issuesOf, toStored } from "./records.ts";
import { addressKey } from "./translation-store.ts";
import type { PostAddressesInLanguages, PostPage, PostReadModel, PostTables } from "./types.ts";

/**
 * Newest first: by date, then the post's own time (its `updatedAt`, else when it was published
 * or created), then the order posts were written in (index posts_newest).
 */
const newestFirst = <O>(query: SelectQueryBuilder<PostTables, "posts", O>) =>
  query.orderBy("date", "desc").orderBy("sort_updated", "desc").orderBy("position", "asc");

/** Only what visitors may see: published, and its publish time (if any) come by `now`. */
const publicAt =
  (now: Date) =>
  <O>(query: SelectQueryBuilder<PostTables, "posts", O>) =>
    query
      .where("status", "=", "published")
      .where((eb) => eb.or([eb("publish_at", "is", null), eb("publish_at", "<=", now.toISOString())]));

const { shape } = blogPostSchema;
/** The sitemap's columns of a post, checked as its schema checks what they come from. */
const addressSchema = z.object({
  slug: z.string().refine(isPostSlug, "Not a post address."),
  date: shape.date,
  // Empty in a backup taken before migration 0011, until the start fills it in.
  sort_updated: z.union([z.literal(""), shape.updatedAt.unwrap()]),
});

/**
 * Newest first in a query joining a post's translation: the English order (a language lists its
 * posts in the order English does).
 */
const newestFirstJoined = <DB extends PostTables, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
  query
    .orderBy(sql`posts.date`, "desc")
    .orderBy(sql`posts.sort_updated`, "desc")
    .orderBy(sql`posts.position`, "asc");

/** Only the translations visitors may see (table alias `t`): published, and their publish time come by `now`. */
const translationPublicAt = (now: Date) =>
  sql<boolean>`t.status = 'published' and (t.publish_at is null or t.publish_at <= ${now.toISOString()})`;

/** The admin's list narrowed (content/posts.ts `PostListFilter`): the English posts that match. */
function englishFilter(filter: PostListFilter, now: Date) {
  const at = now.toISOString();
  if (filter === "review") return sql<boolean>`review = 1`;
  if (filter === "draft") return sql<boolean>`status = 'draft'`;
  if (filter === "scheduled") return sql<boolean>`status = 'published' and publish_at > ${at}`;
  return sql<boolean>`status = 'published' and (publish_at is null or publish_at <= ${at})`;
}

/** The same in a language (table alias `t`): a post with no translation there is a draft, never in review. */
function translationFilter(filter: PostListFilter, now: Date) {
  if (filter === "review") return sql<boolean>`t.review = 1`;
  if (filter === "draft") return sql<boolean>`(t.status is null or t.status = 'draft')`;
  if (filter === "scheduled") return sql<boolean>`t.status = 'published' and t.publish_at > ${now.toISOString()}`;
  return translationPublicAt(now);
}

/**
 * What the site reads of the posts: lists (the admin's too), a post by its address, the feed, the
 * sitemap, the chat's index and the scheduler's times. Lists read only the card columns
 * (`summary`), never the bodies.
 */
export function createPostReadModel(db: Kysely<PostTables>): PostReadModel {
  const isPublic = () => publicAt(new Date());
  const { report, readable, readables, publicSummaries, localizedRecord, localizedRecords, onUnreadable } =
    createPostReader();
  /** The posts with a translation into `locale`, joined with it (alias `t`). */
  const withTranslation = (locale: TranslatedLocale) =>
    db
      .selectFrom("posts")
      .innerJoin("post_translations as t", (join) =>
        join.onRef("t.post_id", "=", "posts.id").on("t.locale", "=", locale),
      );
  /** Every post, with its translation into `locale` where it has one. */
  const withAnyTranslation = (locale: TranslatedLocale) =>
    db
      .selectFrom("posts")
      .leftJoin("post_translations as t", (join) =>
        join.onRef("t.post_id", "=", "posts.id").on("t.locale", "=", locale),
      );
  /** The words of a search, each matched on its own (case-insensitive: both sides lower-cased in JavaScript). */
  const wordsOf = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);

  /** A page of posts in `locale`: for visitors those published in it, for the admin every post, with its state there. */
  async function listIn(
    locale: TranslatedLocale,
    { audience, query = "", page = 1, pageSize, createdBy, filter }: Parameters<PostReadModel["list"]>[0],
  ): Promise<PostPage> {
    const now = new Date();
    let filtered =
      audience === "public" ? withAnyTranslation(locale).where(translationPublicAt(now)) : withAnyTranslation(locale);
    if (createdBy !== undefined) filtered = filtered.where("posts.created_by", "=", createdBy);
    if (filter) filtered = filtered.where(translationFilter(filter, now));
    // A word may be in either language's title or excerpt.
    for (const word of wordsOf(query)) {
      filtered = filtered.where(
        sql<boolean>`(posts.search || ' ' || coalesce(t.search, '')) like ${containing(word)} escape '\\'`,
      );
    }
    const counted = await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const total = Number(counted.n);
    // The admin's line "4 of 12 posts published" in the language.
    const published =
      audience === "admin"
        ? Number(
            (
              await filtered
                .where(translationPublicAt(now))
                .select((eb) => eb.fn.countAll<number>().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          )
        : undefined;
    const rows = await filtered
      .select(JOINED_SUMMARY_COLUMNS)
      .select(TRANSLATION_CARD_COLUMNS)
      .$call(newestFirstJoined)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const posts =
      audience === "public"
        ? rows.flatMap((row) =>
            publicSummaries([row]).map((summary) => localizedSummary(summary, row as TranslationCard, locale)),
          )
        : rows.map((row) => {
            const { summary } = toSummary(row);
            return row.t_version === null
              ? untranslatedSummary(summary, locale)
              : { ...localizedSummary(summary, row as TranslationCard, locale), translated: true };
          });
    return {
      posts,
      total,
      page,
      pages: Math.max(1, Math.ceil(total / pageSize)),
      ...(published !== undefined && { published }),
    };
  }

  return {
    async list(options) {
      const { audience, query = "", page = 1, pageSize, locale, createdBy, filter } = options;
      if (isTranslated(locale)) return listIn(locale, options);
      const words = wordsOf(query);
      let filtered = audience === "public" ? db.selectFrom("posts").$call(isPublic()) : db.selectFrom("posts");
      if (createdBy !== undefined) filtered = filtered.where("created_by", "=", createdBy);
      if (filter) filtered = filtered.where(englishFilter(filter, new Date()));
      for (const word of words) {
        filtered = filtered.where(sql<boolean>`search like ${containing(word)} escape '\\'`);
      }
      const counted = await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const total = Number(counted.n);
      const rows = await filtered
        .select(SUMMARY_COLUMNS)
        .$call(newestFirst)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      // The admin sees every post, one whose summary fails the schema too (to open and fix it).
      const posts = audience === "public" ? publicSummaries(rows) : rows.map((row) => toSummary(row).summary);
      return { posts, total, page, pages: Math.max(1, Math.ceil(total / pageSize)) };
    },

    async featured(limit, locale) {
      if (isTranslated(locale)) {
        const rows = await withTranslation(locale)
          .select(JOINED_SUMMARY_COLUMNS)
          .select(TRANSLATION_CARD_COLUMNS)
          .where("posts.featured", "=", 1)
          .where(translationPublicAt(new Date()))
          .$call(newestFirstJoined)
          .limit(limit)
          .execute();
        return rows.flatMap((row) => publicSummaries([row]).map((summary) => localizedSummary(summary, row, locale)));
      }
      const rows = await db
        .selectFrom("posts")
        .select(SUMMARY_COLUMNS)
        .where("featured", "=", 1)
        .$call(isPublic())
        .$call(newestFirst)
        .limit(limit)
        .execute();
      return publicSummaries(rows);
    },

    async get(id) {
      const row = await db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
      return row && readable(row);
    },

    async stored(id) {
      const row = await db.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toStored(row);
    },

    onUnreadable,

    async findBySlug(slug, locale) {
      // PostgreSQL refuses some text (a NUL) outright: what cannot be an address is not asked for.
      if (!isPostSlug(slug)) return undefined;
      const now = new Date();
      if (isTranslated(locale)) {
        const live = await withTranslation(locale)
          .selectAll("posts")
          .select(TRANSLATION_RECORD_COLUMNS)
          .where("t.slug", "=", slug)
          .where(translationPublicAt(now))
          .executeTakeFirst();
        if (live) {
          const post = localizedRecord(live, locale);
          return post && { post };
        }
        const moved = await withTranslation(locale)
          .innerJoin("post_translation_addresses as a", "a.post_id", "posts.id")
          .selectAll("posts")
          .select(TRANSLATION_RECORD_COLUMNS)
          .where("a.key", "=", addressKey(locale, slug))
          .where(translationPublicAt(now))
          .executeTakeFirst();
        const post = moved && localizedRecord(moved, locale);
        return post && { post, renamedFrom: slug };
      }
      const live = await db
        .selectFrom("posts")
        .selectAll()
        .where("slug", "=", slug)
        .$call(publicAt(now))
        .executeTakeFirst();
      // A post whose data fails the schema has no page (it is reported); nor does its former address.
      if (live) {
        const post = readable(live);
        return post && { post };
      }
      const moved = await db
        .selectFrom("post_addresses")
        .innerJoin("posts", "posts.id", "post_addresses.post_id")
        .selectAll("posts")
        .where("post_addresses.slug", "=", slug)
        .where("posts.status", "=", "published")
        .where((eb) => eb.or([eb("posts.publish_at", "is", null), eb("posts.publish_at", "<=", now.toISOString())]))
        .executeTakeFirst();
      const post = moved && readable(moved);
      return post && { post, renamedFrom: slug };
    },

    async publicAddresses(id) {
      const now = new Date();
      const english = await db
        .selectFrom("posts")
        .select("slug")
        .where("id", "=", id)
        .$call(publicAt(now))
        .executeTakeFirst();
      const translations = await db
        .selectFrom("post_translations as t")
        .innerJoin("posts", "posts.id", "t.post_id")
        .select(["t.locale", "t.slug"])
        .where("t.post_id", "=", id)
        .where(translationPublicAt(now))
        .execute();
      const addresses: PostAddresses = english ? { en: english.slug } : {};
      for (const { locale, slug } of translations) addresses[locale as TranslatedLocale] = slug;
      return addresses;
    },

    async addresses() {
      // Read from an index alone: the dates it holds are checked, not the rest of the post.
      const rows = await db
        .selectFrom("posts")
        .select(["slug", "date", "sort_updated", "updated_at"])
        .$call(isPublic())
        .$call(newestFirst)
        .execute();
      return rows.flatMap((row) => {
        const checked = addressSchema.safeParse(row);
        if (!checked.success) {
          report({ slug: row.slug, issues: issuesOf(checked.error) }, row.updated_at);
          return [];
        }
        return [{ slug: row.slug, date: row.date, postUpdatedAt: row.sort_updated || null, updatedAt: row.updated_at }];
      });
    },

    async addressesInLanguages() {
      const now = new Date();
      const live = (row: { status: string; publish_at: string | null }) =>
        row.status === "published" && (row.publish_at === null || row.publish_at <= now.toISOString());
      // No bodies: the columns of every post, then every public translation's address.
      const posts = await db
        .selectFrom("posts")
        .select(["id", "slug", "date", "sort_updated", "updated_at", "status", "publish_at"])
        .$call(newestFirst)
        .execute();
      const translations = await db
        .selectFrom("post_translations as t")
        .select(["t.post_id", "t.locale", "t.slug", "t.updated_at"])
        .where(translationPublicAt(now))
        .execute();
      const byPost = new Map<string, typeof translations>();
      for (const translation of translations)
        byPost.set(translation.post_id, [...(byPost.get(translation.post_id) ?? []), translation]);
      return posts.flatMap((row): PostAddressesInLanguages[] => {
        const languages: PostAddressesInLanguages["languages"] = {};
        if (live(row)) languages.en = { slug: row.slug, updatedAt: row.updated_at };
        for (const translation of byPost.get(row.id) ?? []) {
          const updatedAt = translation.updated_at > row.updated_at ? translation.updated_at : row.updated_at;
          languages[translation.locale as TranslatedLocale] = { slug: translation.slug, updatedAt };
        }
        if (Object.keys(languages).length === 0) return [];
        const checked = addressSchema.safeParse(row);
        if (!checked.success) {
          report({ id: row.id, slug: row.slug, issues: issuesOf(checked.error) }, row.updated_at);
          return [];
        }
        return [{ id: row.id, date: row.date, postUpdatedAt: row.sort_updated || null, languages }];
      });
    },

    async newest(limit, locale) {
      if (isTranslated(locale)) {
        const rows = await withTranslation(locale)
          .selectAll("posts")
          .select(TRANSLATION_RECORD_COLUMNS)
          .where(translationPublicAt(new Date()))
          .$call(newestFirstJoined)
          .limit(limit)
          .execute();
        return localizedRecords(rows, locale);
      }
      const rows = await db.selectFrom("posts").selectAll().$call(isPublic()).$call(newestFirst).limit(limit).execute();
      return readables(rows);
    },

    async *everyPublic(size, locale) {
      const now = new Date();
      if (isTranslated(locale)) {
        for (let after = ""; ;) {
          const rows = await withTranslation(locale)
            .selectAll("posts")
            .select(TRANSLATION_RECORD_COLUMNS)
            .where(translationPublicAt(now))
            .where("posts.id", ">", after)
            .orderBy("posts.id")
            .limit(size)
            .execute();
          const records = localizedRecords(rows, locale);
          if (records.length > 0) yield records;
          if (rows.length < size) return;
          after = rows.at(-1)!.id;
        }
      }
      for (let after = ""; ;) {
        const rows = await db
          .selectFrom("posts")
          .selectAll()
          .$call(publicAt(now))
          .where("id", ">", after)
          .orderBy("id")
          .limit(size)
          .execute();
        const records = readables(rows);
        if (records.length > 0) yield records;
        if (rows.length < size) return;
        after = rows.at(-1)!.id;
      }
    },

    async nextPublication(after) {
      const [post, translation] = await Promise.all(
        (["posts", "post_translations"] as const).map((table) =>
          db
            .selectFrom(table)
            .select((eb) => eb.fn.min("publish_at").as("next"))
            .where("status", "=", "published")
            .where("publish_at", ">", after.toISOString())
            .executeTakeFirst(),
        ),
      );
      const times = [post?.next, translation?.next].filter((next): next is string => typeof next === "string");
      return times.length > 0 ? new Date(times.reduce((a, b) => (b < a ? b : a))) : undefined;
    },

    async scheduledAfter(after) {
      const row = await db
        .selectFrom("posts")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("status", "=", "published")
        .where("publish_at", ">", after.toISOString())
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async publishedBetween(from, to) {
      const posts = await db
        .selectFrom("posts")
        .select(["id", "version"])
        .where("status", "=", "published")
        .where("publish_at", ">", from.toISOString())
        .where("publish_at", "<=", to.toISOString())
        .execute();
      const translations = await db
        .selectFrom("post_translations")
        .select(["post_id", "locale", "version"])
        .where("status", "=", "published")
        .where("publish_at", ">", from.toISOString())
        .where("publish_at", "<=", to.toISOString())
        .orderBy("key")
        .execute();
      return [
        ...posts,
        ...translations.map(({ post_id, locale, version }) => ({
          id: post_id,
          version,
          locale: locale as TranslatedLocale,
        })),
      ];
    },

    fingerprint: () =>
      versionedTablesFingerprint(db as unknown as Parameters<typeof versionedTablesFingerprint>[0], [
        "posts",
        "post_translations",
      ]),
  };
}
