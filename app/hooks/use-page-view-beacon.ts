import { useEffect, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import { PAGE_VIEW_BEACON } from "#content/insights.ts";

/** A route whose handle says `pageView: false` (the not-found page) is not counted. */
export interface PageViewHandle {
  pageView?: false;
}

/**
 * Counts the pages a visitor reaches without loading them: the server counted
 * the page it sent, and each client-side navigation after it sends its path
 * to the beacon (no cookie, nothing else; the server decides what counts).
 */
export function usePageViewBeacon() {
  const { pathname } = useLocation();
  const page = !useMatches().some((match) => (match.handle as PageViewHandle | undefined)?.pageView === false);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (page) navigator.sendBeacon(PAGE_VIEW_BEACON, pathname);
  }, [pathname, page]);
}
