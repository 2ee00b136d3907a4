import { useEffect } from "react";
import { useLocation } from "react-router";
import { readPageEvent } from "#content/live-event-readers.ts";
import { localeOfPath } from "#content/locales.ts";
import { showsPageSave } from "#content/landing-content.ts";
import { liveRefresher, useLatestPage } from "#app/hooks/use-live-content.ts";
import { subscribeToEvents } from "./event-stream.ts";

/**
 * Keeps an open team page (issue 42) live on its own saves, in its language and English: the
 * route's data reloads in the background as for a document's save (#app/hooks/use-live-content.ts,
 * which follows the documents its blocks show, and a preview's drafts). Here, in the team pages'
 * route, and not in the layout every page loads: the `page` event's reader checks addresses
 * (content/landing-path.ts), which the other pages' own code has no room for
 * (docs/decisions/007-initial-javascript.md).
 */
export function useLivePage(id: string) {
  const locale = localeOfPath(useLocation().pathname);
  const latest = useLatestPage();
  useEffect(() => {
    const refresh = liveRefresher(latest);
    const unsubscribe = subscribeToEvents({
      readers: { page: readPageEvent },
      page: (saved) => {
        if (showsPageSave({ id, locale }, saved)) refresh.request(saved.spread ?? 0);
      },
    });
    return () => {
      unsubscribe();
      refresh.stop();
    };
  }, [id, locale, latest]);
}
