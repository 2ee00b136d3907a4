import type { PostPage } from "#content/posts.ts";

/** How a post is named on its card and in labels: its title, or "Untitled Post" while it has none. */
export function postName(title: string): string {
  return title.trim() || "Untitled Post";
}

/**
 * The page to ask for again when an answer came back for a page that no
 * longer exists (the last card of the last page was deleted, or a search
 * shrank the list), or undefined when the answer can be shown as it is.
 */
export function pageToShow(requested: number, answer: PostPage): number | undefined {
  if (answer.posts.length > 0 || requested <= 1) return undefined;
  const last = Math.max(1, answer.pages);
  return requested > last ? last : undefined;
}
