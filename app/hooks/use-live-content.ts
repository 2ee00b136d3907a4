import { useEffect, useRef } from "react";
import { useLocation, useMatches, useRevalidator } from "react-router";
import { localeOfPath } from "#content/locales.ts";
import { PREVIEW_PARAM } from "#content/preview.ts";
import { showsSave, type PageContent } from "#content/page-content.ts";
import { subscribeToEvents } from "#app/lib/event-stream.ts";
import { createLiveRefresher } from "#app/lib/live-refresh.ts";

/**
 * A route module's `handle`: what its page shows, its entry of content/page-content.ts (a post's
 * page, `posts: "shown"`, has `post.id` in its loader data).
 */
export type LiveHandle = PageContent;

/** What a page shows, as a key that changes only when that does: documents, posts, the preview followed, the team page. */
function shownBy(matches: ReturnType<typeof useMatches>, search: string): string {
  const documents = new Set<string>();
  const posts = new Set<string>();
  let page: string | null = null;
  for (const match of matches) {
    const handle = match.handle as LiveHandle | undefined;
    for (const key of handle?.documents ?? []) documents.add(key);
    if (handle?.posts === "all") posts.add("*");
    const id = (match.loaderData as { post?: { id?: unknown } } | undefined)?.post?.id;
    if (handle?.posts === "shown" && typeof id === "string") posts.add(id);
    const pageId = (match.loaderData as { landing?: { id?: unknown } } | undefined)?.landing?.id;
    if (handle?.page === "shown" && typeof pageId === "string") page = pageId;
  }
  return JSON.stringify([
    [...documents].sort(),
    [...posts].sort(),
    new URLSearchParams(search).get(PREVIEW_PARAM),
    page,
  ]);
}

/**
 * Keeps the page live: when the server announces a saved document that a
 * matched route shows, the loaders run again in the background (after a random
 * delay within the event's `spread`), and a failed refresh keeps the page as
 * it is and is retried (#app/lib/live-refresh.ts). A preview of unsaved edits
 * (`?preview=<token>`) also refreshes when the admin stores a newer draft
 * under its token. Component state (scroll, an open post, a half-typed
 * message) stays as it is. After the stream was lost and comes back, the page
 * refreshes once, for what was saved meanwhile.
 */
export function useLiveContent() {
  const matches = useMatches();
  const location = useLocation();
  const revalidator = useRevalidator();
  const key = shownBy(matches, location.search);
  const locale = localeOfPath(location.pathname);
  // What the refresher keeps on screen if a refresh fails: the latest render's data.
  const latest = useRef({
    path: location.pathname,
    data: new Map<string, unknown>(),
    revalidate: revalidator.revalidate,
  });
  latest.current = {
    path: location.pathname,
    data: new Map(matches.map((match) => [match.id, match.loaderData])),
    revalidate: revalidator.revalidate,
  };

  useEffect(() => {
    const [shownDocuments, shownPosts, preview, page] = JSON.parse(key) as [
      string[],
      string[],
      string | null,
      string | null,
    ];
    const documents = new Set(shownDocuments);
    const posts = new Set(shownPosts);
    if (documents.size === 0 && posts.size === 0 && page === null) return;
    const shown = { locale, documents, posts, ...(page !== null && { page }) };
    const refresher = createLiveRefresher({
      revalidate: () => latest.current.revalidate(),
      snapshot: () => latest.current,
    });
    const unsubscribe = subscribeToEvents({
      reconnect: () => refresher.request(),
      content: (saved) => {
        if (showsSave(shown, { type: "content", ...saved })) refresher.request(saved.spread ?? 0);
      },
      post: (saved) => {
        if (showsSave(shown, { type: "post", ...saved })) refresher.request(saved.spread ?? 0);
      },
      // A team page follows its own saves (issue 42), in its language and English.
      page: (saved) => {
        if (showsSave(shown, { type: "page", ...saved })) refresher.request(saved.spread ?? 0);
      },
      // A preview follows its draft: the admin stored a newer one (only admins hear these). A post
      // draft that moved to another address (a new title) is not reloaded here, where it is no
      // longer found: the admin's tab moves this one to the new address.
      preview: (updated) => {
        if (updated.token === preview && (updated.path === undefined || updated.path === latest.current.path))
          refresher.request();
      },
    });
    return () => {
      unsubscribe();
      refresher.stop();
    };
  }, [key, locale]);
}
