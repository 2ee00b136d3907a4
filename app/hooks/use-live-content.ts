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

/** What a page shows, as a key that changes only when that does: documents, posts, the preview followed. */
function shownBy(matches: ReturnType<typeof useMatches>, search: string): string {
  const documents = new Set<string>();
  const posts = new Set<string>();
  for (const match of matches) {
    const handle = match.handle as LiveHandle | undefined;
    for (const key of handle?.documents ?? []) documents.add(key);
    if (handle?.posts === "all") posts.add("*");
    const id = (match.loaderData as { post?: { id?: unknown } } | undefined)?.post?.id;
    if (handle?.posts === "shown" && typeof id === "string") posts.add(id);
  }
  return JSON.stringify([[...documents].sort(), [...posts].sort(), new URLSearchParams(search).get(PREVIEW_PARAM)]);
}

/** The open page as its live refresh sees it: its path, each route's data, and what reloads it. */
export interface LatestPage {
  current: { path: string; data: ReadonlyMap<string, unknown>; revalidate: () => Promise<unknown> };
}

/** The open page, as of its latest render (what a refresh that fails keeps on screen). */
export function useLatestPage(): LatestPage {
  const matches = useMatches();
  const location = useLocation();
  const revalidator = useRevalidator();
  const latest = useRef<LatestPage["current"]>(undefined!);
  latest.current = {
    path: location.pathname,
    data: new Map(matches.map((match) => [match.id, match.loaderData])),
    revalidate: revalidator.revalidate,
  };
  return latest;
}

/** A refresher of the open page's data (#app/lib/live-refresh.ts), for an effect to make and stop. */
export const liveRefresher = (latest: LatestPage) =>
  createLiveRefresher({ revalidate: () => latest.current.revalidate(), snapshot: () => latest.current });

/**
 * Keeps the page live: when the server announces a saved document that a
 * matched route shows, the loaders run again in the background (after a random
 * delay within the event's `spread`), and a failed refresh keeps the page as
 * it is and is retried (#app/lib/live-refresh.ts). A preview of unsaved edits
 * (`?preview=<token>`) also refreshes when the admin stores a newer draft
 * under its token. Component state (scroll, an open post, a half-typed
 * message) stays as it is. After the stream was lost and comes back, the page
 * refreshes once, for what was saved meanwhile. A team page's own saves are its
 * route's to follow (#app/lib/live-page.ts), so that other pages do not carry their reader.
 */
export function useLiveContent() {
  const matches = useMatches();
  const location = useLocation();
  const key = shownBy(matches, location.search);
  const locale = localeOfPath(location.pathname);
  const latest = useLatestPage();

  useEffect(() => {
    const [shownDocuments, shownPosts, preview] = JSON.parse(key) as [string[], string[], string | null];
    const documents = new Set(shownDocuments);
    const posts = new Set(shownPosts);
    if (documents.size === 0 && posts.size === 0) return;
    const shown = { locale, documents, posts };
    const refresh = liveRefresher(latest);
    const unsubscribe = subscribeToEvents({
      reconnect: () => refresh.request(),
      content: (saved) => {
        if (showsSave(shown, { type: "content", ...saved })) refresh.request(saved.spread ?? 0);
      },
      post: (saved) => {
        if (showsSave(shown, { type: "post", ...saved })) refresh.request(saved.spread ?? 0);
      },
      // A preview follows its draft: the admin stored a newer one (only admins hear these). A post
      // draft that moved to another address (a new title) is not reloaded here, where it is no
      // longer found: the admin's tab moves this one to the new address.
      preview: (updated) => {
        if (updated.token === preview && (updated.path === undefined || updated.path === latest.current.path))
          refresh.request();
      },
    });
    return () => {
      unsubscribe();
      refresh.stop();
    };
  }, [key, locale, latest]);
}
