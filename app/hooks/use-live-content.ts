import { useEffect, useRef } from "react";
import { useLocation, useMatches, useRevalidator } from "react-router";
import type { DocumentKey } from "#content/sections.ts";
import { subscribeToEvents } from "#app/lib/event-stream.ts";
import { createLiveRefresher } from "#app/lib/live-refresh.ts";

/** Route modules list the documents they show in `handle.documents`. */
export interface LiveHandle {
  documents?: readonly DocumentKey[];
}

/**
 * Keeps the page live: when the server announces a saved document that a
 * matched route shows, the loaders run again in the background (after a random
 * delay within the event's `spread`), and a failed refresh keeps the page as
 * it is and is retried (#app/lib/live-refresh.ts). Component state (scroll, an
 * open post, a half-typed message) stays as it is. After the stream was lost
 * and comes back, the page refreshes once, for what was saved meanwhile.
 */
export function useLiveContent() {
  const matches = useMatches();
  const location = useLocation();
  const revalidator = useRevalidator();
  const shown = new Set(matches.flatMap((match) => (match.handle as LiveHandle | undefined)?.documents ?? []));
  const key = [...shown].sort().join(",");
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
    if (!key) return;
    const wanted = new Set(key.split(","));
    const refresher = createLiveRefresher({
      revalidate: () => latest.current.revalidate(),
      snapshot: () => latest.current,
    });
    const unsubscribe = subscribeToEvents({
      reconnect: () => refresher.request(),
      content: ({ key: saved, spread }) => {
        if (wanted.has(saved)) refresher.request(typeof spread === "number" ? spread : 0);
      },
    });
    return () => {
      unsubscribe();
      refresher.stop();
    };
  }, [key]);
}
