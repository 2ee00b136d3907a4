import { withReviewMark } from "#content/post-status.ts";
import { publishes } from "#content/roles.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { SignedInUser } from "#server/http/context.ts";
import { ownDraftRefusal } from "#server/records/own-drafts.ts";
import type { PostStore } from "./types.ts";

/**
 * What a Writer may do with posts (issue 28, content/roles.ts), beyond the permission table's
 * "may call the posts API": only the posts they created, and only as drafts. Whatever a Writer
 * sends, the server stores a draft with no publish time and the featured mark it had; a post that
 * is published (by an Editor or an Administrator) is theirs to read, not to change or delete.
 * A Writer may mark their own draft "in review" (`review: true`, #content/post-status.ts): asking an
 * Editor to look at it, never publishing it.
 */

export const POST_NOT_FOUND = "That post does not exist (it may have been deleted).";
export const NOT_YOURS = "A Writer can only open the posts they created.";
export const PUBLISHED = "This post is published: an Editor or Administrator can change or delete it.";

/** Whether the drafts-only rules apply to the request's account: its role does not publish (#content/roles.ts). */
export const isWriter = (user: SignedInUser | null): user is SignedInUser => user !== null && !publishes(user.role);

/**
 * Why `user` may not read (`write: false`) or change post `id`: 404 for a post that does not exist
 * (or was deleted: its history stays with Editors and Administrators), 403 for another's, or
 * undefined when they may. Whose post it is is the gate's rule (#content/access.ts `ownership`);
 * every role but Writer may.
 */
export function writerRefusal(
  posts: Pick<PostStore, "creator" | "stored">,
  user: SignedInUser | null,
  id: string | undefined,
  { write }: { write: boolean },
): Promise<{ status: 403 | 404; error: string } | undefined> {
  return ownDraftRefusal(
    "post",
    posts,
    user,
    id,
    { write },
    {
      notFound: POST_NOT_FOUND,
      notYours: NOT_YOURS,
      published: PUBLISHED,
    },
  );
}

/**
 * The post as a Writer's save stores it: a draft, with no publish time, featured as it was
 * (`featured`), in review if they asked for it (a request to publish never drops the mark).
 */
export function asWritersDraft(post: BlogPost, featured: boolean): BlogPost {
  const { publishAt: _publishAt, ...rest } = post;
  return withReviewMark({ ...rest, status: "draft", featured });
}
