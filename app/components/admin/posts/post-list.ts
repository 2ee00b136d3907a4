import type { PostPage } from "#content/posts.ts";
import type { ContentSaved } from "#app/lib/event-stream.ts";

/** The live event of a saved or deleted post (SSE `content` with `key: "post"`). */
export const POST_EVENT_KEY = "post";

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

/** What this tab wrote: a post and the version its write made, or its deletion. */
export type OwnWrite = { id: string; version: number } | { id: string; deleted: true };

/**
 * Tells the live events of this tab's own writes from other people's: the
 * list is read again after each write anyway, so their echoes need no second
 * read. While a write is in flight every post event is taken as its echo
 * (the list is read when it ends); afterwards, an event about a written post
 * at or below the written version (or its deletion) is.
 */
export function createOwnWrites() {
  let inFlight = 0;
  /** Post id → the newest version this tab wrote (Infinity once it deleted it). */
  const written = new Map<string, number>();

  return {
    /** Starts a write; call the returned function once when it ends, with what it wrote if it succeeded. */
    begin(): (wrote?: OwnWrite) => void {
      inFlight += 1;
      let ended = false;
      return (wrote) => {
        if (ended) return;
        ended = true;
        inFlight -= 1;
        if (!wrote) return;
        const version = "deleted" in wrote ? Number.POSITIVE_INFINITY : wrote.version;
        written.set(wrote.id, Math.max(version, written.get(wrote.id) ?? 0));
      };
    },

    isEcho(event: ContentSaved): boolean {
      if (inFlight > 0) return true;
      if (!event.id) return false;
      const version = written.get(event.id);
      if (version === undefined) return false;
      return event.deleted ? version === Number.POSITIVE_INFINITY : event.version <= version;
    },
  };
}

export type OwnWrites = ReturnType<typeof createOwnWrites>;
