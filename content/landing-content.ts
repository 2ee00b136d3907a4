import type { BlockType } from "./landing-pages.ts";
import type { PageSavedEvent } from "./live-events.ts";
import type { Locale } from "./locales.ts";
import type { PageContent } from "./page-content.ts";
import type { DocumentKey } from "./sections.ts";

/**
 * What a team page (issue 42) shows that a save can change, as ./page-content.ts says it of the
 * site's own pages: read by the team pages' route (its live refresh, app/lib/live-page.ts), the
 * server's loader and the page cache (./kept-pages.ts). Apart from ./page-content.ts, which every
 * page loads: the other pages do not carry it.
 */

/**
 * What a team page's blocks draw besides their own fields, by block type: the services block the
 * Services cards, the logos block the partners' logos (or, with no partner, Home's client logos).
 * app/routes/site/landing.server.ts reads these documents for them.
 */
export const BLOCK_DOCUMENTS = {
  services: ["services"],
  logos: ["partners", "home"],
} as const satisfies Partial<Record<BlockType, readonly DocumentKey[]>>;

/** The documents the blocks of type `types` draw, each once. */
export const documentsOfBlocks = (types: Iterable<BlockType>): DocumentKey[] => [
  ...new Set(
    [...types].flatMap((type) => (BLOCK_DOCUMENTS as Partial<Record<BlockType, readonly DocumentKey[]>>)[type] ?? []),
  ),
];

/**
 * A team page's route `handle`: every document its blocks may draw (BLOCK_DOCUMENTS), which an
 * open page follows whichever blocks it has. The page cache drops a kept page for a document's
 * save only when its render's blocks drew it (./kept-pages.ts).
 */
export const LANDING_PAGE_CONTENT: PageContent = { documents: ["services", "partners", "home"] };

/**
 * Whether a team page's save changes the open team page `id` in `locale`: its own saves (any page's
 * when the event names none: changes missed while a server was not listening), in its language or
 * in English.
 */
export const showsPageSave = (shown: { id: string; locale: Locale }, event: Omit<PageSavedEvent, "type">) =>
  (event.locale === undefined || event.locale === shown.locale) && (event.id === undefined || event.id === shown.id);
