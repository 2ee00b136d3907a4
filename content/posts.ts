import { SITE_NAME } from "./constants.ts";
import type { TextState } from "./localize.ts";
import type { Locale, TranslatedLocale } from "./locales.ts";
import type { BlogPost } from "./schemas.ts";
import type { PostTextField } from "./translatable.ts";

/**
 * Blog posts as records (docs/product.md §3): what the posts API
 * (server/posts/routes.ts) answers and the admin's Blog tab and the public
 * pages read. Shared by browser and server.
 */

/** Cards per page of the admin's Blog tab. */
export const ADMIN_POSTS_PER_PAGE = 24;
/** Cards per page of /blog (a small blog shows them all on its first page). */
export const PUBLIC_POSTS_PER_PAGE = 12;
/** The blog's RSS 2.0 feed (app/routes/feed.ts): the newest posts, announced on every page. */
export const FEED_PATH = "/blog/feed.xml";
export const FEED_POSTS = 20;
export const FEED_TITLE = `${SITE_NAME} blog`;

/** The longest search the posts list accepts. */
export const POST_QUERY_MAX = 200;

/** A post's stable id: letters, digits, - and _ (made by the server). */
export const POST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type { PostTextField };

/**
 * A post as a page in another language than English shows it (issue 25): the English post with
 * the translation's texts, status, publish time and address; its version and time are the
 * translation's (the later of both records' times). `english` names the texts shown in English
 * for want of a translation: the page marks them `lang="en"`.
 */
export interface InLanguage {
  locale?: TranslatedLocale;
  english?: PostTextField[];
}

/** One post as its record stores it: `data` is what the admin edits. */
export interface PostRecord extends InLanguage {
  id: string;
  version: number;
  /** The post's address under /blog/ (derived from its title, unique; in another language, its own). */
  slug: string;
  data: BlogPost;
  /** When the record last changed, and by whom (an admin's email, or null for the system). */
  updatedAt: string;
  updatedBy: string | null;
}

/**
 * A post's translation as the posts API answers it (`GET /api/posts/:id?locale=si`): `data` in the
 * English post's shape, with the translated texts (English where there is none yet) and the
 * translation's status and publish time; `version` 0 and status "draft" before its first save.
 * `englishVersion` is the English post's version it was read against (a save names it, so each
 * text is kept with the English text it translates); `states` says, per text, whether it is
 * translated, "stale" (the English text changed since it was saved) or missing. A text whose
 * English text is empty has no state.
 */
export interface PostTranslationRecord {
  id: string;
  locale: TranslatedLocale;
  version: number;
  slug: string;
  data: BlogPost;
  englishVersion: number;
  states: Partial<Record<PostTextField, TextState>>;
  /** The English post's texts at `englishVersion` ("" for one it does not give). */
  englishTexts: Record<PostTextField, string>;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** A post's public addresses in each language it is published in (hreflang alternates, the language switcher). */
export type PostAddresses = Partial<Record<Locale, string>>;

/** One thing wrong with a stored post: the field and what to do ("date", "Use a date between 2000 and 2100."). */
export interface PostIssue {
  path: string;
  message: string;
}

/**
 * A post (or a version of one) as the admin reads it: when what is stored fails the post's
 * schema (saved before a rule tightened, or written into the database by hand), its data as
 * stored and what is wrong, so the admin can still open, fix or delete it. Public pages,
 * the feed and the chat leave such a post out.
 */
export type AsStored<T extends { data: BlogPost }> = T | (Omit<T, "data"> & { data: unknown; issues: PostIssue[] });

/** A post in a list: what its card shows, never its body. */
export interface PostSummary extends InLanguage {
  id: string;
  version: number;
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  readTime: string;
  image: string;
  /** The cover's own alt text (issue 27), if the post gives one. */
  imageAlt?: string;
  featured: boolean;
  status: BlogPost["status"];
  publishAt: string | null;
  /** A draft waiting for an Editor's review (issue 28; in a language: its translation there). */
  review?: boolean;
  /** The post's own `updatedAt` (its edit time as the editor set it), if any. */
  postUpdatedAt: string | null;
  updatedAt: string;
  updatedBy: string | null;
  /**
   * In the admin's list in another language: whether the post has a translation there. Without
   * one ("not translated") its version is 0, its status "draft" and its texts the English ones.
   */
  translated?: boolean;
}

/**
 * One page of posts, newest first: by date, then updatedAt (else publishAt, else when the
 * post was created), then creation order.
 */
export interface PostPage {
  posts: PostSummary[];
  total: number;
  /** 1-based; `pages` is at least 1. */
  page: number;
  pages: number;
  /** The admin's list in Sinhala or Tamil: how many of its posts visitors see in that language now. */
  published?: number;
}

/**
 * What the admin's list of posts may be narrowed to (GET /api/posts `?review=1`, `?status=`): the
 * drafts waiting for review, or the posts in one state (in the list's language).
 */
export const POST_LIST_FILTERS = ["review", "draft", "scheduled", "published"] as const;
export type PostListFilter = (typeof POST_LIST_FILTERS)[number];

/** Whether `value` is a page number as /blog/page/:page and ?page= accept it ("1", "2", … no leading zeros). */
export function parsePageNumber(value: string | null | undefined): number | undefined {
  if (!value || !/^[1-9][0-9]{0,5}$/.test(value)) return undefined;
  return Number(value);
}
