import type { Generated } from "kysely";
import type { Locale, TranslatedLocale } from "#content/locales.ts";
import type {
  AsStored,
  PostAddresses,
  PostIssue,
  PostListFilter,
  PostPage,
  PostRecord,
  PostSummary,
} from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { Actor, RevisionSummary } from "#content/documents.ts";
import type { PostTexts, PostTranslationData } from "./translation.ts";

export type { PostPage, PostRecord, PostSummary };

export interface PostRevision extends RevisionSummary {
  id: string;
  data: BlogPost;
}

export type PostSaveResult = { ok: true; post: PostRecord } | { ok: false; current: AsStored<PostRecord> | undefined };

/**
 * A stored post its schema refuses, found by a read that left it out (a list, the feed, the
 * chat, the sitemap): which one, and what is wrong. The sitemap reads no id or version.
 */
export interface UnreadablePost {
  id?: string;
  version?: number;
  slug: string;
  issues: PostIssue[];
}

/** Where an address under /blog/ leads: a post, the post it was renamed to, or nowhere. */
export type PostLookup = { post: PostRecord; renamedFrom?: string } | undefined;

/** A post's translation into one language as its record stores it. */
export interface PostTranslation {
  id: string;
  locale: TranslatedLocale;
  version: number;
  slug: string;
  data: PostTranslationData;
  updatedAt: string;
  updatedBy: string | null;
}

/** A stored translation as the admin reads it: checked, or as stored with what is wrong. */
export type StoredPostTranslation =
  PostTranslation | (Omit<PostTranslation, "data"> & { data: unknown; issues: PostIssue[] });

export interface PostTranslationRevision extends RevisionSummary {
  id: string;
  locale: TranslatedLocale;
  data: unknown;
}

/** What a translation save stores: its texts, status and publish time, and the address it asks for. */
export interface PostTranslationSave {
  data: Omit<PostTranslationData, "slug" | "formerSlugs">;
  /**
   * The address asked for: `undefined` keeps the translation's (its first save takes the English
   * post's, or the first free `-2`, `-3` … of it in the language). `ifTaken` says what happens
   * when another post has it in the language: "refuse" (a save naming it) or "keep" the address
   * the translation has (a restore).
   */
  slug?: { slug: string; ifTaken: "refuse" | "keep" } | undefined;
}

export type PostTranslationSaveResult =
  | { ok: true; translation: PostTranslation }
  /** The version was not the current one (`current`: the translation now, or none). */
  | { ok: false; reason: "conflict"; current: StoredPostTranslation | undefined }
  /** There is no English post of that id. */
  | { ok: false; reason: "no-post" }
  /** Another post has this address in the language. */
  | { ok: false; reason: "slug-taken"; slug: string };

/**
 * Posts' translations (issue 25), each a record with its own version and revisions, so edits in
 * English and in each language never conflict. Deleting the English post deletes them.
 */
export interface PostTranslationStore {
  /** The English post (as stored) and its translation into `locale` (undefined: none yet); undefined when there is no such post. */
  get(
    id: string,
    locale: TranslatedLocale,
  ): Promise<{ english: AsStored<PostRecord>; translation: StoredPostTranslation | undefined } | undefined>;
  /** The English texts of version `version` of post `id` (current or a revision), or undefined when it is not kept. */
  englishTexts(id: string, version: number): Promise<PostTexts | undefined>;
  /** Saves a translation over `baseVersion` (0: there is none): compare-and-set, with its revision and addresses. */
  save(
    id: string,
    locale: TranslatedLocale,
    save: PostTranslationSave,
    baseVersion: number,
    actor: Actor,
    restoredFrom?: number,
  ): Promise<PostTranslationSaveResult>;
  /** Removes a translation (its revisions stay; the English post stays): the removed one, or undefined when there was none. */
  remove(id: string, locale: TranslatedLocale): Promise<{ version: number } | undefined>;
  revisions(id: string, locale: TranslatedLocale): Promise<RevisionSummary[]>;
  revision(id: string, locale: TranslatedLocale, version: number): Promise<PostTranslationRevision | undefined>;
}

/** One post's public addresses in every language it is published in (the sitemap's alternates). */
export interface PostAddressesInLanguages {
  id: string;
  /** The shared date and the post's own time (as `addresses`). */
  date: string;
  postUpdatedAt: string | null;
  /** By language: its address there, and when what that page shows last changed (either record). */
  languages: Partial<Record<Locale, { slug: string; updatedAt: string }>>;
}

export interface PostListOptions {
  /** "public": only what visitors may see (published, publish time come); "admin": every post. */
  audience: "public" | "admin";
  /**
   * The language (English when absent): for visitors, the posts published in it, each with its
   * texts, status and address there; for the admin, every post, with its status there (or
   * `translated: false`), and the search matching its texts in either language.
   */
  locale?: Locale | undefined;
  /** Words the title or excerpt must contain (case-insensitive); empty lists every post. */
  query?: string;
  /** 1-based; a page past the last gives the last page's number with no posts. */
  page?: number;
  pageSize: number;
  /** Only the posts this account created (a Writer's list: ./writer-rules.ts). */
  createdBy?: number | undefined;
  /** Only the drafts in review, or the posts in one state (in `locale`: there); the admin's filter. */
  filter?: PostListFilter | undefined;
}

/**
 * What the site reads of the posts (./read-model.ts): lists, the feed, the sitemap, the chat's
 * index and the scheduler. A post whose stored data fails its schema is left out and reported.
 */
export interface PostReadModel {
  list(options: PostListOptions): Promise<PostPage>;
  /** Public featured posts, newest first (in `locale`: those published in it). */
  featured(limit: number, locale?: Locale): Promise<PostSummary[]>;
  /** Any post, public or not; one whose stored data fails its schema counts as none (and is reported). */
  get(id: string): Promise<PostRecord | undefined>;
  /** Any post as stored (the admin's), one its schema refuses too, with what is wrong (content/posts.ts `AsStored`). */
  stored(id: string): Promise<AsStored<PostRecord> | undefined>;
  /**
   * Calls `listener` with each stored post that fails its schema (stored before a rule
   * tightened, or written into the database by hand) as a read leaves it out, once per save of
   * it. Lists for visitors, the feed, the sitemap and the chat skip such a post; the admin's
   * list and `stored` still give it, to fix or delete. Returns the function that stops it.
   */
  onUnreadable(listener: (post: UnreadablePost) => void): () => void;
  /** The public post at `/blog/<slug>` (`/si/blog/<slug>` with `locale`), or the one that lived there before a rename. */
  findBySlug(slug: string, locale?: Locale): Promise<PostLookup>;
  /** Where post `id` is public now, by language (none: not public in any). */
  publicAddresses(id: string): Promise<PostAddresses>;
  /**
   * Every public post's address and dates, newest first (the sitemap); `postUpdatedAt` is the
   * post's own time (its updatedAt, else when it was published or created).
   */
  addresses(): Promise<{ slug: string; date: string; postUpdatedAt: string | null; updatedAt: string }[]>;
  /**
   * Every post public in at least one language, newest first, with its address in each (the
   * sitemap, which lists each address with its alternates).
   */
  addressesInLanguages(): Promise<PostAddressesInLanguages[]>;
  /** The newest public posts, whole (the feed; in `locale`: those published in it). */
  newest(limit: number, locale?: Locale): Promise<PostRecord[]>;
  /**
   * Every public post, whole, `size` at a time in the order of their ids (the
   * chat's index): each batch is one query, and a post saved or removed
   * meanwhile never shifts another out of the next batch.
   */
  everyPublic(size: number, locale?: Locale): AsyncIterable<PostRecord[]>;
  /**
   * The earliest publish time after `after` of a published post or translation: when the next
   * scheduled one goes live.
   */
  nextPublication(after: Date): Promise<Date | undefined>;
  /** How many published posts have a publish time after `after`: scheduled, not live yet (the metrics; English). */
  scheduledAfter(after: Date): Promise<number>;
  /**
   * Published posts and translations (with their `locale`) whose publish time falls in
   * (`from`, `to`]: the ones that went live then.
   */
  publishedBetween(from: Date, to: Date): Promise<{ id: string; version: number; locale?: TranslatedLocale }[]>;
  /**
   * Changes whenever any post or translation is created, saved or removed (a cheap check for the
   * chat's index, and PostgreSQL's catch-up after a lost listener).
   */
  fingerprint(): Promise<string>;
}

/**
 * What changes a post (./post-writes.ts): data passed in is already validated
 * (`blogPostSchema`); the store derives the address (slug) from the title, keeps former
 * addresses for redirects, and refuses a save based on an old version. It also gives each
 * post's revisions (what a restore reads) and who created it.
 */
export interface PostWrites {
  /** `createdBy`: the account writing it (kept for a Writer's own posts, ./writer-rules.ts). */
  create(
    data: BlogPost,
    actor: Actor,
    options?: { id?: string; restoredFrom?: number; createdBy?: number },
  ): Promise<PostRecord>;
  /** The id of the account that created the post; null when not recorded (before 0017-user-roles); undefined: no such post. */
  creator(id: string): Promise<number | null | undefined>;
  save(id: string, data: BlogPost, baseVersion: number, actor: Actor, restoredFrom?: number): Promise<PostSaveResult>;
  /** Removes the post and its translations (their revisions stay); false when there was none. */
  remove(id: string): Promise<boolean>;
  revisions(id: string): Promise<RevisionSummary[]>;
  revision(id: string, version: number): Promise<AsStored<PostRevision> | undefined>;
}

/**
 * Blog posts, each a record with its own version and revisions, saved one by
 * one (docs/product.md §3): what the site reads, what changes them, and their translations.
 */
export interface PostStore extends PostReadModel, PostWrites {
  /** The posts' translations, record by record (the admin's). */
  translations: PostTranslationStore;
}

/** The post tables (migration 0004-posts). */
export interface PostTables {
  posts: {
    id: string;
    version: number;
    slug: string;
    title: string;
    search: string;
    date: string;
    /** The post's updatedAt, else its publish time, else its creation time, as UTC ISO text (newest first: date, then this). */
    sort_updated: string;
    position: number;
    featured: number;
    /** "draft" or "published" (migration 0005-post-status). */
    status: string;
    /** When a published post goes live, UTC ISO text; null: as soon as it is published. */
    publish_at: string | null;
    /** 1: a draft in review (migration 0023-post-review), else 0. */
    review: Generated<number>;
    summary: string;
    data: string;
    created_at: string;
    updated_at: string;
    updated_by: string | null;
    /** The id of the account that created it (migration 0017-user-roles); null before. */
    created_by: number | null;
  };
  post_revisions: {
    id: Generated<number>;
    post_id: string;
    version: number;
    data: string;
    created_at: string;
    created_by: string | null;
    restored_from: number | null;
  };
  post_addresses: {
    slug: string;
    post_id: string;
  };
  /** A post's translation into one language (migration 0014-post-translations). */
  post_translations: {
    /** `<post id>:<locale>`. */
    key: string;
    post_id: string;
    locale: string;
    version: number;
    /** Its address in that language: unique there. */
    slug: string;
    status: string;
    /** UTC ISO text; null: public as soon as it is published. */
    publish_at: string | null;
    /** 1: a draft in review (migration 0023-post-review), else 0. */
    review: Generated<number>;
    /** The texts a card shows: the translation's, or "" where the English one shows. */
    title: string;
    excerpt: string;
    /** The cover's alt text in the language, "" where the English one shows (migration 0024-translated-image-alt). */
    image_alt: Generated<string>;
    /** Its title and excerpt lower-cased (the admin's search, beside the English post's). */
    search: string;
    /** The whole translation (./translation.ts `PostTranslationData`). */
    data: string;
    created_at: string;
    updated_at: string;
    updated_by: string | null;
  };
  post_translation_revisions: {
    id: Generated<number>;
    post_id: string;
    locale: string;
    version: number;
    data: string;
    created_at: string;
    created_by: string | null;
    restored_from: number | null;
  };
  /** A translation's former addresses (answered with a redirect): `<locale>:<slug>`. */
  post_translation_addresses: {
    key: string;
    locale: string;
    slug: string;
    post_id: string;
  };
}
