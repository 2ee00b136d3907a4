import { withReviewMark } from "#content/post-status.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import type { SignedInUser } from "#server/http/context.ts";
import { ownDraftRefusal } from "#server/records/own-drafts.ts";
import type { LandingPageStore } from "./types.ts";

/**
 * What a Writer may do with the team's pages (issue 42), as with posts (server/posts/writer-rules.ts,
 * the one rule in server/records/own-drafts.ts): only the pages they created, only as drafts, and
 * ask for a review (`review: true`); never publish, delete or choose the variant (the permission
 * table, #content/roles.ts).
 */

export const PAGE_NOT_FOUND = "That page does not exist (it may have been deleted).";
export const NOT_YOURS = "A Writer can only open the pages they created.";
export const PUBLISHED = "This page is published: an Editor or Administrator can change it.";

export { isWriter } from "#server/posts/writer-rules.ts";

/** Why `user` may not read (`write: false`) or change page `id`: 404, 403, or undefined when they may. */
export const pageWriterRefusal = (
  pages: Pick<LandingPageStore, "creator" | "stored">,
  user: SignedInUser | null,
  id: string | undefined,
  { write }: { write: boolean },
) =>
  ownDraftRefusal(
    "page",
    pages,
    user,
    id,
    { write },
    { notFound: PAGE_NOT_FOUND, notYours: NOT_YOURS, published: PUBLISHED },
  );

/** The page as a Writer's save stores it: a draft with no publish time, in review if they asked for it. */
export function asWritersPage(page: LandingPage): LandingPage {
  const { publishAt: _publishAt, ...rest } = page;
  return withReviewMark({ ...rest, status: "draft" });
}
