import type { LibraryImage, MediaPage } from "#content/media.ts";
import { listMedia } from "../data/media-api.ts";
import { usePagedList } from "../data/use-paged-list.ts";

/** How long typing must pause before the search is sent. */
const SEARCH_DELAY_MS = 200;

/** What the list is narrowed to besides the search: the Media screen's "Unused only". */
export interface MediaFilter {
  unused: boolean;
}

/**
 * The media library's images, one page of 24 at a time (GET /api/media), read through the
 * admin's paged list (../data/paged-list.ts): the search (name or alt text, sent once typing
 * pauses), the filter (a new one reads page 1), "Previous" / "Next", and the page read again after
 * a write. `live`: also read again when content or posts are saved anywhere (an image's uses
 * change) and when the event stream comes back; the picker, open for a moment, does without.
 * `filter` must keep its identity while it does not change (a new object asks again).
 */
export function useMediaList({ live, filter }: { live: boolean; filter?: MediaFilter }) {
  return usePagedList<LibraryImage, MediaPage, MediaFilter | undefined>(
    {
      searchDelayMs: SEARCH_DELAY_MS,
      paging: { kind: "pages" },
      read: ({ query, filter }, page, signal) => listMedia({ query, unused: filter?.unused, page }, signal),
      items: (answer) => answer.media,
      ...(live && { live: (refresh) => ({ content: refresh, reconnect: refresh }) }),
    },
    filter,
  );
}

export type MediaList = ReturnType<typeof useMediaList>;
