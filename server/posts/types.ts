import type { Generated } from "kysely";
import type { AsStored, PostIssue, PostPage, PostRecord, PostSummary } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { Actor, RevisionSummary } from "#content/documents.ts";

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

export interface PostListOptions {
  /** "public": only what visitors may see (published, publish time come); "admin": every post. */
  audience: "public" | "admin";
  /** Words the title or excerpt must contain (case-insensitive); empty lists every post. */
  query?: string;
  /** 1-based; a page past the last gives the last page's number with no posts. */
  page?: number;
  pageSize: number;
}

/**
 * Blog posts, each a record with its own version and revisions, saved one by
 * one (docs/product.md §3). Data passed in is already validated
 * (`blogPostSchema`); the store derives the address (slug) from the title,
 * keeps former addresses for redirects, and refuses a save based on an old version.
 */
export interface PostStore {
  list(options: PostListOptions): Promise<PostPage>;
  /** Public featured posts, newest first. */
  featured(limit: number): Promise<PostSummary[]>;
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
  /** The public post at `/blog/<slug>`, or the one that lived there before a rename. */
  findBySlug(slug: string): Promise<PostLookup>;
  /**
   * Every public post's address and dates, newest first (the sitemap); `postUpdatedAt` is the
   * post's own time (its updatedAt, else when it was published or created).
   */
  addresses(): Promise<{ slug: string; date: string; postUpdatedAt: string | null; updatedAt: string }[]>;
  /** The newest public posts, whole (the feed). */
  newest(limit: number): Promise<PostRecord[]>;
  /**
   * Every public post, whole, `size` at a time in the order of their ids (the
   * chat's index): each batch is one query, and a post saved or removed
   * meanwhile never shifts another out of the next batch.
   */
  everyPublic(size: number): AsyncIterable<PostRecord[]>;
  /** The earliest publish time of a published post after `after` (ISO): when the next scheduled post goes live. */
  nextPublication(after: Date): Promise<Date | undefined>;
  /** How many published posts have a publish time after `after`: scheduled, not live yet (the metrics). */
  scheduledAfter(after: Date): Promise<number>;
  /** Published posts whose publish time falls in (`from`, `to`]: the ones that went live then. */
  publishedBetween(from: Date, to: Date): Promise<{ id: string; version: number }[]>;
  create(data: BlogPost, actor: Actor, options?: { id?: string; restoredFrom?: number }): Promise<PostRecord>;
  save(id: string, data: BlogPost, baseVersion: number, actor: Actor, restoredFrom?: number): Promise<PostSaveResult>;
  /** Removes the post (its revisions stay); false when there was none. */
  remove(id: string): Promise<boolean>;
  revisions(id: string): Promise<RevisionSummary[]>;
  revision(id: string, version: number): Promise<AsStored<PostRevision> | undefined>;
  /** Changes whenever any post is created, saved or removed (a cheap check for the chat's index). */
  fingerprint(): Promise<string>;
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
    summary: string;
    data: string;
    created_at: string;
    updated_at: string;
    updated_by: string | null;
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
}
