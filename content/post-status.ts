import type { BlogPost } from "./schemas.ts";
import { wallTime } from "./time-zone.ts";

/**
 * Drafts and scheduled posts (docs/product.md §3 "Drafts and scheduling"):
 * where a post stands for visitors, and the date a published one carries.
 * Apart from ./posts.ts, which every public page loads (the feed's address),
 * so the time-zone code stays out of their first load.
 */

/** Where a post stands for visitors: only a published one is theirs to see. */
export type PostState = "draft" | "scheduled" | "published";

/** The post's state at `now`: a published post whose `publishAt` is still ahead is scheduled. */
export function postState(post: Pick<BlogPost, "status" | "publishAt">, now: Date = new Date()): PostState {
  if (post.status === "draft") return "draft";
  return post.publishAt && Date.parse(post.publishAt) > now.getTime() ? "scheduled" : "published";
}

/**
 * The post as it is stored: a published post with a publish time is dated
 * the day it goes live, in the site's time zone (so a scheduled post shows
 * the day it appears, and "publish now" the day it was published).
 */
export function withPublishDate(post: BlogPost, timeZone: string): BlogPost {
  if (post.status !== "published" || !post.publishAt) return post;
  const date = wallTime(post.publishAt, timeZone).date;
  return date === post.date ? post : { ...post, date };
}

/**
 * The post with its review mark as it is stored (issue 28, "Pending Review"): `review: true` only on
 * a draft that asks for it; a published (or scheduled) post, or a draft without it, has none. So
 * publishing, or saving it back to a plain draft, clears the mark, and the mark never publishes.
 */
export function withReviewMark<T extends Pick<BlogPost, "status" | "review">>(post: T): T {
  const { review, ...rest } = post;
  return post.status === "draft" && review === true ? post : (rest as T);
}

/** Whether a post (or a translation's data, or a card) waits for an Editor's review. */
export const inReview = (post: Pick<BlogPost, "status" | "review">) => post.status === "draft" && post.review === true;
