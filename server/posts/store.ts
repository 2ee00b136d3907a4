import { randomBytes } from "node:crypto";
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from "kysely";
import { z } from "zod";
import type { TranslatedLocale } from "#content/locales.ts";
import { inReview } from "#content/post-status.ts";
import type { AsStored, PostAddresses, PostIssue, PostListFilter, PostTextField } from "#content/posts.ts";
import { SLUG_MAX_LENGTH, firstFreeSlug, isPostSlug, nextFormerSlugs, postSlug } from "#content/rules.ts";
import { blogPostSchema, type BlogPost } from "#content/schemas.ts";
import type { Actor } from "#content/documents.ts";
import { toRevisionSummary } from "#server/content/types.ts";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import type { ImageCheck } from "#server/media/references.ts";
import {
  containing,
  isObject,
  isReadable,
  issuesOf,
  readData,
  retryOnUniqueViolation,
  toStored,
  type PostRow,
} from "./records.ts";
import { localizePost } from "./translation.ts";
import { addressKey, createPostTranslationStore, readTranslationData } from "./translation-store.ts";
import type {
  PostAddressesInLanguages,
  PostPage,
  PostRecord,
  PostRevision,
  PostStore,
  PostSummary,
  PostTables,
  UnreadablePost,
} from "./types.ts";

type Db = Kysely<PostTables> | Transaction<PostTables>;

export const newPostId = () => randomBytes(9).toString("base64url");

/**
 * A post's own time as UTC ISO text, so text order is time order: its `updatedAt` (the Blog tab
 * sets it), else when it is published (`publishAt`), else when its record was created (posts
 * sent through the API often have neither).
 */
function sortTime(data: BlogPost, createdAt: string): string {
  const own = [data.updatedAt, data.publishAt].find((time) => time && !Number.isNaN(Date.parse(time)));
  return new Date(own ?? createdAt).toISOString();
}

let lastCreated = 0;

/**
 * Now, and later than every post this process created before: posts written in one
 * millisecond still sort newest first by their creation time.
 */
function creationTime(): string {
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  return new Date(lastCreated).toISOString();
}

/** The searchable words of a post: its title and excerpt, lower-cased in JavaScript (so both databases match alike). */
const searchText = (data: BlogPost) => `${data.title}\n${data.excerpt}`.toLowerCase();

/** The columns that follow from a post's data (and when its record was created). */
function columnsOf(data: BlogPost, createdAt: string) {
  const summary = {
    title: data.title,
    excerpt: data.excerpt,
    date: data.date,
    readTime: data.readTime,
    image: data.image,
    ...(data.imageAlt && { imageAlt: data.imageAlt }),
    featured: data.featured,
    status: data.status,
    publishAt: data.publishAt ?? null,
    postUpdatedAt: data.updatedAt ?? null,
    ...(inReview(data) && { review: true }),
  };
  return {
    title: data.title,
    search: searchText(data),
    date: data.date,
    sort_updated: sortTime(data, createdAt),
    featured: data.featured ? 1 : 0,
    status: data.status,
    publish_at: data.publishAt ? new Date(data.publishAt).toISOString() : null,
    review: inReview(data) ? 1 : 0,
    summary: JSON.stringify(summary),
    data: JSON.stringify(data),
  };
}

/**
 * The post's fields in the schema's order with its former addresses as the
 * store keeps them: a reader parsing the stored JSON gets the very same object.
 */
function withFormerSlugs(data: BlogPost, formerSlugs: readonly string[]): BlogPost {
  const { formerSlugs: _sent, ...rest } = data;
  const post = formerSlugs.length > 0 ? { ...rest, formerSlugs: [...formerSlugs] } : rest;
  return Object.fromEntries(
    Object.keys(blogPostSchema.shape)
      .filter((field) => field in post)
      .map((field) => [field, post[field as keyof typeof post]]),
  ) as unknown as BlogPost;
}

/** The former addresses a save keeps from the version it replaces (whatever else is wrong with it). */
function formerSlugsOf(row: PostRow): string[] {
  const read = readData(row.data);
  if (isReadable<{ data: BlogPost }>(read)) return read.data.formerSlugs ?? [];
  const stored = isObject(read.data) ? read.data["formerSlugs"] : undefined;
  return Array.isArray(stored)
    ? stored.filter((slug): slug is string => typeof slug === "string" && isPostSlug(slug))
    : [];
}

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

const SUMMARY_COLUMNS = [
  "id",
  "version",
  "slug",
  "title",
  "date",
  "featured",
  "status",
  "publish_at",
  "summary",
  "updated_at",
  "updated_by",
] as const;

type SummaryRow = Pick<PostRow, (typeof SUMMARY_COLUMNS)[number]>;

const { shape } = blogPostSchema;
/** A card's fields (the summary column) as the post's own schema checks them. */
const summarySchema = z.object({
  title: shape.title,
  excerpt: shape.excerpt,
  date: shape.date,
  readTime: shape.readTime,
  image: shape.image,
  imageAlt: shape.imageAlt,
  featured: shape.featured,
  status: shape.status,
  publishAt: shape.publishAt.unwrap().nullable(),
  postUpdatedAt: shape.updatedAt.unwrap().nullable(),
  review: shape.review,
});

/** The sitemap's columns of a post, checked as its schema checks what they come from. */
const addressSchema = z.object({
  slug: z.string().refine(isPostSlug, "Not a post address."),
  date: shape.date,
  // Empty in a backup taken before migration 0011, until the start fills it in.
  sort_updated: z.union([z.literal(""), shape.updatedAt.unwrap()]),
});

/**
 * A post's card, or, when its stored summary fails the post's schema, a card made of what can
 * be shown safely (its columns and the texts stored) with what is wrong: the admin's list still
 * shows it, to open and fix; public lists leave it out.
 */
function toSummary(row: SummaryRow): { summary: PostSummary; issues?: PostIssue[] } {
  let stored: unknown;
  try {
    stored = JSON.parse(row.summary);
  } catch {
    stored = undefined;
  }
  const fields = isObject(stored) ? stored : {};
  const record = { id: row.id, version: row.version, slug: row.slug };
  const changed = { updatedAt: row.updated_at, updatedBy: row.updated_by };
  // Summaries written before drafts existed are of published posts; those before 0011 have no own time.
  const parsed = summarySchema.safeParse({ status: "published", publishAt: null, postUpdatedAt: null, ...fields });
  if (parsed.success) return { summary: { ...record, ...parsed.data, ...changed } };
  const text = (key: string, otherwise = "") => (typeof fields[key] === "string" ? fields[key] : otherwise);
  const summary: PostSummary = {
    ...record,
    title: text("title", row.title),
    excerpt: text("excerpt"),
    date: row.date,
    readTime: text("readTime"),
    image: "",
    featured: row.featured === 1,
    status: row.status === "draft" ? "draft" : "published",
    publishAt: row.publish_at,
    postUpdatedAt: null,
    ...changed,
  };
  return { summary, issues: issuesOf(parsed.error) };
}

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

/** A card's columns of the English post, from a query that joins its translation. */
const JOINED_SUMMARY_COLUMNS = SUMMARY_COLUMNS.map((column) => `posts.${column}` as const);

/** What a card in a language takes from the translation (`t_` in a joined query). */
const TRANSLATION_CARD_COLUMNS = [
  "t.version as t_version",
  "t.slug as t_slug",
  "t.title as t_title",
  "t.excerpt as t_excerpt",
  "t.image_alt as t_image_alt",
  "t.status as t_status",
  "t.publish_at as t_publish_at",
  "t.review as t_review",
  "t.updated_at as t_updated_at",
  "t.updated_by as t_updated_by",
] as const;

/** What a whole post in a language takes from the translation. */
const TRANSLATION_RECORD_COLUMNS = [
  "t.version as t_version",
  "t.slug as t_slug",
  "t.data as t_data",
  "t.updated_at as t_updated_at",
  "t.updated_by as t_updated_by",
] as const;

interface TranslationCard {
  t_version: number;
  t_slug: string;
  t_title: string;
  t_excerpt: string;
  t_image_alt: string;
  t_status: string;
  t_publish_at: string | null;
  t_review: number;
  t_updated_at: string;
  t_updated_by: string | null;
}

type TranslationRecordRow = PostRow & {
  t_version: number;
  t_slug: string;
  t_data: string;
  t_updated_at: string;
  t_updated_by: string | null;
};

/** Of two records' changes, the later one: what a page in a language shows changes with either. */
const laterChange = (a: { at: string; by: string | null }, b: { at: string; by: string | null }) =>
  b.at > a.at ? { updatedAt: b.at, updatedBy: b.by } : { updatedAt: a.at, updatedBy: a.by };

/** An English card in `locale`: the translation's texts (English where it has none), status, address and version. */
function localizedSummary(summary: PostSummary, card: TranslationCard, locale: TranslatedLocale): PostSummary {
  const english: PostTextField[] = [];
  const text = (field: "title" | "excerpt" | "imageAlt", translated: string) => {
    // An empty English text has nothing to translate (./translation.ts).
    if (!summary[field]) return "";
    if (translated !== "") return translated;
    english.push(field);
    return summary[field];
  };
  const { review: _english, imageAlt: _imageAlt, ...rest } = summary;
  const imageAlt = text("imageAlt", card.t_image_alt);
  return {
    ...rest,
    version: card.t_version,
    slug: card.t_slug,
    title: text("title", card.t_title),
    excerpt: text("excerpt", card.t_excerpt),
    ...(imageAlt && { imageAlt }),
    status: card.t_status === "draft" ? "draft" : "published",
    publishAt: card.t_publish_at,
    ...(card.t_review === 1 && { review: true }),
    ...laterChange({ at: summary.updatedAt, by: summary.updatedBy }, { at: card.t_updated_at, by: card.t_updated_by }),
    locale,
    english,
  };
}

/** A card in the admin's list in `locale` for a post with no translation there: English, a draft, version 0. */
function untranslatedSummary(summary: PostSummary, locale: TranslatedLocale): PostSummary {
  const english = (["title", "excerpt", "imageAlt"] as const).filter((field) => summary[field]);
  const { review: _english, ...rest } = summary;
  return { ...rest, version: 0, status: "draft", publishAt: null, locale, translated: false, english };
}

/** The free address for `title`, for post `id` (its own address counts as free). */
async function freeSlug(trx: Db, id: string, title: string): Promise<string> {
  const base = postSlug({ title });
  const rows = await trx
    .selectFrom("posts")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base.slice(0, SLUG_MAX_LENGTH - 8)}%`)]))
    .where("id", "!=", id)
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  return firstFreeSlug(title, (slug) => taken.has(slug));
}

/** Former addresses answer with a redirect: one row per address, the latest owner wins. */
async function keepAddresses(trx: Db, id: string, formerSlugs: readonly string[]) {
  await trx.deleteFrom("post_addresses").where("post_id", "=", id).execute();
  for (const slug of formerSlugs) {
    await trx
      .insertInto("post_addresses")
      .values({ slug, post_id: id })
      .onConflict((oc) => oc.column("slug").doUpdateSet({ post_id: id }))
      .execute();
  }
}

/** Keeps one version of a post, whole, with who wrote it and when. */
async function addRevision(
  trx: Db,
  revision: { id: string; version: number; data: string; at: string; actor: Actor; restoredFrom?: number | undefined },
) {
  await trx
    .insertInto("post_revisions")
    .values({
      post_id: revision.id,
      version: revision.version,
      data: revision.data,
      created_at: revision.at,
      created_by: revision.actor,
      restored_from: revision.restoredFrom ?? null,
    })
    .execute();
}

export interface NewPostOptions {
  id?: string;
  /** The address to use (moving posts in keeps the ones they had); else made from the title. */
  slug?: string;
  restoredFrom?: number;
  /** When it was written (moving posts in keeps their time); else now. */
  at?: string;
  /** The id of the account that writes it. */
  createdBy?: number;
}

/**
 * Writes a new post record (version 1, or the next after an earlier record of
 * the same id whose revisions remain) and its first revision, inside `trx`.
 */
export async function insertPost(trx: Db, data: BlogPost, actor: Actor, options: NewPostOptions = {}) {
  const id = options.id ?? newPostId();
  const at = options.at ?? creationTime();
  const slug = options.slug ?? (await freeSlug(trx, id, data.title));
  const post = withFormerSlugs(
    data,
    (data.formerSlugs ?? []).filter((former) => former !== slug),
  );
  const last = await trx
    .selectFrom("post_revisions")
    .select((eb) => eb.fn.max("version").as("version"))
    .where("post_id", "=", id)
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  const position = await trx
    .selectFrom("posts")
    .select((eb) => eb.fn.max("position").as("position"))
    .executeTakeFirst();
  const columns = columnsOf(post, at);
  await trx
    .insertInto("posts")
    .values({
      id,
      version,
      slug,
      ...columns,
      position: Number(position?.position ?? -1) + 1,
      created_at: at,
      updated_at: at,
      updated_by: actor,
      created_by: options.createdBy ?? null,
    })
    .execute();
  await addRevision(trx, { id, version, data: columns.data, at, actor, restoredFrom: options.restoredFrom });
  await keepAddresses(trx, id, post.formerSlugs ?? []);
  const record: PostRecord = { id, version, slug, data: post, updatedAt: at, updatedBy: actor };
  return record;
}

/**
 * Gives posts stored without a time of their own to sort by ("", as every post without an
 * `updatedAt` was before migration 0011-post-sort-time) their publish or creation time, as that
 * migration did: for a backup taken before it, restored after.
 */
export async function fillSortTimes(db: Db): Promise<void> {
  await db
    .updateTable("posts")
    .set((eb) => ({ sort_updated: eb.fn.coalesce("publish_at", "created_at") }))
    .where("sort_updated", "=", "")
    .execute();
}

/**
 * Blog posts as records (migration 0004-posts): lists read only the card
 * columns (`summary`), never the bodies; a save is a compare-and-set on the
 * version, in one transaction with its revision and addresses.
 */
export function createPostStore(db: Kysely<PostTables>, dialect: SqlDialect, checkImages: ImageCheck): PostStore {
  const isPublic = () => publicAt(new Date());
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
    { audience, query = "", page = 1, pageSize, createdBy, filter }: Parameters<PostStore["list"]>[0],
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

  const store: PostStore = {
    async list(options) {
      const { audience, query = "", page = 1, pageSize, locale, createdBy, filter } = options;
      if (locale && locale !== "en") return listIn(locale, options);
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
      if (locale && locale !== "en") {
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

    onUnreadable(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async findBySlug(slug, locale) {
      // PostgreSQL refuses some text (a NUL) outright: what cannot be an address is not asked for.
      if (!isPostSlug(slug)) return undefined;
      const now = new Date();
      if (locale && locale !== "en") {
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
      if (locale && locale !== "en") {
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
      if (locale && locale !== "en") {
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

    async creator(id) {
      const row = await db.selectFrom("posts").select("created_by").where("id", "=", id).executeTakeFirst();
      return row ? row.created_by : undefined;
    },
    create(data, actor, options = {}) {
      return retryOnUniqueViolation(() =>
        db.transaction().execute(async (trx) => {
          const record = await insertPost(trx, data, actor, options);
          // Every image it names is in the library, and stays there until this commits (else nothing is stored).
          await checkImages(trx, record.data, options.restoredFrom);
          return record;
        }),
      );
    },

    save(id, data, baseVersion, actor, restoredFrom) {
      return retryOnUniqueViolation(() =>
        db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
          if (!row || row.version !== baseVersion) return { ok: false, current: row && toStored(row) };
          // The address follows the title (its column is the stored title); an unchanged title keeps
          // the address it has (even "-2").
          const slug = postSlug(data) === postSlug(row) ? row.slug : await freeSlug(trx, id, data.title);
          const previous = formerSlugsOf(row);
          const formerSlugs = slug === row.slug ? previous : nextFormerSlugs(previous, row.slug, slug);
          const post = withFormerSlugs(data, formerSlugs);
          const version = baseVersion + 1;
          const now = new Date().toISOString();
          const columns = columnsOf(post, row.created_at);
          const written = await trx
            .updateTable("posts")
            .set({ version, slug, ...columns, updated_at: now, updated_by: actor })
            .where("id", "=", id)
            .where("version", "=", baseVersion)
            .returning("version")
            .executeTakeFirst();
          if (!written) {
            const current = await trx.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
            return { ok: false, current: current && toStored(current) };
          }
          await checkImages(trx, post, restoredFrom);
          await addRevision(trx, { id, version, data: columns.data, at: now, actor, restoredFrom });
          if (slug !== row.slug) await keepAddresses(trx, id, formerSlugs);
          return { ok: true, post: { id, version, slug, data: post, updatedAt: now, updatedBy: actor } };
        }),
      );
    },

    async remove(id) {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom("posts").where("id", "=", id).executeTakeFirst();
        await trx.deleteFrom("post_addresses").where("post_id", "=", id).execute();
        // Its translations go with it (their revisions stay, as its own do).
        await trx.deleteFrom("post_translations").where("post_id", "=", id).execute();
        await trx.deleteFrom("post_translation_addresses").where("post_id", "=", id).execute();
        return Number(deleted.numDeletedRows) > 0;
      });
    },

    async revisions(id) {
      const rows = await db
        .selectFrom("post_revisions")
        .select(["version", "created_at", "created_by", "restored_from"])
        .where("post_id", "=", id)
        .orderBy("version", "desc")
        .execute();
      return rows.map(toRevisionSummary);
    },

    async revision(id, version): Promise<AsStored<PostRevision> | undefined> {
      const row = await db
        .selectFrom("post_revisions")
        .selectAll()
        .where("post_id", "=", id)
        .where("version", "=", version)
        .executeTakeFirst();
      if (!row) return undefined;
      return { id, ...toRevisionSummary(row), ...readData(row.data) };
    },

    async fingerprint() {
      const parts = await Promise.all(
        (["posts", "post_translations"] as const).map(async (table) => {
          const row = await db
            .selectFrom(table)
            .select((eb) => [
              eb.fn.countAll<number>().as("n"),
              eb.fn.sum<number>("version").as("versions"),
              eb.fn.max("updated_at").as("latest"),
            ])
            .executeTakeFirstOrThrow();
          return `${Number(row.n)}:${Number(row.versions ?? 0)}:${row.latest ?? ""}`;
        }),
      );
      return parts.join("|");
    },

    translations: createPostTranslationStore(db, dialect, checkImages),
  };
  return store;
}
