import { LOCALES, type Locale, isTranslated } from "#content/locales.ts";
import { postState, type PostState } from "#content/post-status.ts";
import type { PostSummary } from "#content/posts.ts";

/** How a post is named on its card and in labels: its title, or "Untitled Post" while it has none. */
export function postName(title: string): string {
  return title.trim() || "Untitled Post";
}

/** Where a post stands in the language a list shows: as visitors see it there, or not translated yet. */
export type PostStatusIn = PostState | "untranslated";

/** A card's status in its list's language (English cards are always "translated"). */
export function statusOf(
  post: Pick<PostSummary, "status" | "publishAt" | "translated">,
  now = new Date(),
): PostStatusIn {
  if (post.translated === false) return "untranslated";
  return postState({ status: post.status, publishAt: post.publishAt ?? undefined }, now);
}

/** "4 of 12 posts published": the Blog tab's line in another language (its name goes before it). */
export function publishedLine(published: number, total: number): string {
  const count = (n: number) => n.toLocaleString("en-US");
  return `${count(published)} of ${count(total)} ${total === 1 ? "post" : "posts"} published`;
}

/** What the admin calls a post in the editor's language: "Post", "Post (සිංහල)" (toasts, as the tabs name a section). */
export const postIn = (locale: Locale) => (!isTranslated(locale) ? "Post" : `Post (${LOCALES[locale].nativeName})`);

/** The toasts of "Edit Post" in `locale`; English's are docs/product.md §8's. */
export const postToasts = {
  saved: (locale: Locale) => `${postIn(locale)} saved`,
  submitted: (locale: Locale) => `${postIn(locale)} submitted for review`,
  backToDraft: (locale: Locale) => `${postIn(locale)} saved as a draft, no longer in review`,
  saveFailed: (reason: string, locale: Locale) => `Could not save the ${postIn(locale).toLowerCase()}: ${reason}`,
  translationDeleted: (locale: Locale) => `${postIn(locale)} translation deleted`,
  deleteFailed: (reason: string, locale: Locale) =>
    `Could not delete the ${postIn(locale).toLowerCase()} translation: ${reason}`,
};
