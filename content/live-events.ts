/**
 * The live events: what GET /api/events streams to open pages and what the
 * instances of a PostgreSQL deployment pass each other (docs/decisions/006-postgresql.md).
 * Each event has a name (`type` on the server's bus, the SSE `event:` field
 * in a page) and a payload (the rest of the bus event, the SSE `data:` as
 * JSON). Shared by browser and server: the server's bus (server/events/) and
 * the page's one stream (app/lib/event-stream.ts).
 *
 * Read by hand rather than with zod/mini: every public page ships its reader
 * with the live refresh, before any interaction, where zod's core would not
 * fit the initial JavaScript budget (docs/decisions/007-initial-javascript.md).
 * For the same reason the events only some pages hear are read in
 * ./live-event-readers.ts: a team page's `page` (with the address rules it
 * checks), and the admin's `message` and `analytics`.
 */
import { DEFAULT_LOCALE, isLocale, type TranslatedLocale } from "./locales.ts";
import { POST_ID } from "./posts.ts";
import { PREVIEW_TOKEN } from "./preview.ts";
import { isPostPath } from "./post-paths.ts";
import { isDocumentKey, type DocumentKey } from "./sections.ts";

/**
 * A document (one of the sections, or the AI settings) was saved, in English
 * or, with `locale`, its texts in that language: pages showing it (in that
 * language; an English save in every language, whose untranslated texts it
 * shows) refresh.
 */
export interface DocumentSavedEvent {
  type: "content";
  key: DocumentKey;
  locale?: TranslatedLocale;
  version: number;
}

/**
 * A blog post was created, saved or deleted (its last version then): pages
 * showing posts refresh. With `locale`, its translation into that language
 * was (its version then): pages in that language refresh; without, the
 * English post, which every language shows. Without `id`, some posts changed
 * while this instance was not listening (PostgreSQL catch-up).
 */
export interface PostSavedEvent {
  type: "post";
  id?: string;
  locale?: TranslatedLocale;
  version: number;
  deleted?: true;
  /**
   * A change visitors never see, before or after (a draft's, a scheduled post's): only those who
   * may read every post and its `owner` (the user id that created it) hear it
   * (server/events/sse-hub.ts), so a visitor's stream tells nothing of drafts.
   */
  unseen?: { owner: number | null };
}

/**
 * A team page (issue 42) was created, saved or deleted (its last version then), or with `locale`
 * its translation into that language was; or a scheduled one went live. `path` is its address below
 * a language's prefix, `formerPath` the one it had before a save that changed it: open pages at
 * either refresh, and every instance's page cache drops both in every language (a translation names
 * its other languages: hreflang). Without `id`, some pages changed while this instance was not
 * listening (PostgreSQL catch-up). `unseen` as for posts: a draft's change reaches staff and its owner.
 */
export interface PageSavedEvent {
  type: "page";
  id?: string;
  path?: string;
  formerPath?: string;
  locale?: TranslatedLocale;
  version: number;
  deleted?: true;
  unseen?: { owner: number | null };
}

/** A contact message was stored; only signed-in admins hear it (live inbox). */
export interface MessageReceivedEvent {
  type: "message";
  id: number;
}

/**
 * An admin stored a new preview draft under `token`; only signed-in admins
 * hear it (an open preview of it refreshes). Page caches ignore it: nothing
 * saved changed.
 */
export interface PreviewUpdatedEvent {
  type: "preview";
  token: string;
  /**
   * Where the snapshot's post is read (`/blog/<slug>`, ./public-pages.ts
   * `previewPostPath`), when it holds one: a preview open at another
   * address (the title changed) is about to be moved there by the admin's tab,
   * and waits for it instead of refreshing into "not found".
   */
  path?: string;
}

/**
 * Page views were counted (server/insights/recorder.ts, at most every few
 * seconds per instance); only signed-in admins hear it: open Insights pages
 * refresh. Its name on the wire stays `analytics`.
 */
export interface InsightsUpdatedEvent {
  type: "analytics";
}

export type LiveEvent =
  | DocumentSavedEvent
  | PostSavedEvent
  | PageSavedEvent
  | MessageReceivedEvent
  | PreviewUpdatedEvent
  | InsightsUpdatedEvent;
export type LiveEventName = LiveEvent["type"];

/** The events of a saved document, post or team page: open pages showing it refresh, page caches drop what shows it. */
export type SavedEvent = DocumentSavedEvent | PostSavedEvent | PageSavedEvent;
export type SavedEventName = SavedEvent["type"];

/** Whether `event` tells of a save (a document's, a post's or a team page's). */
export const isSavedEvent = (event: LiveEvent): event is SavedEvent =>
  event.type === "content" || event.type === "post" || event.type === "page";

/**
 * An event's payload, as a page reads it (the SSE `data`): the bus event
 * without its `type`. The event of a save also says within how many ms open
 * pages refresh (`spread`, server/events/sse-hub.ts `refreshSpreadMs`).
 */
export type LiveEventData<K extends LiveEventName> = WithoutType<Extract<LiveEvent, { type: K }>> &
  (K extends SavedEventName ? { spread?: number } : unknown);
type WithoutType<E> = E extends LiveEvent ? Omit<E, "type"> : never;

export type Fields = Record<string, unknown>;

/** How an event is read: the event if `data` holds its well-formed payload, else undefined. */
export type EventReader<K extends LiveEventName> = (data: Fields) => Extract<LiveEvent, { type: K }> | undefined;
export type EventReaders = { [K in LiveEventName]: EventReader<K> };

/** A post event's `unseen` field as `{unseen}` when well-formed. */
function unseenOf(value: unknown): { unseen: { owner: number | null } } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const owner = (value as Fields)["owner"];
  return owner === null || Number.isInteger(owner) ? { unseen: { owner: owner as number | null } } : undefined;
}

/** A language other than English, or undefined. */
const translatedLocaleOf = (value: unknown): TranslatedLocale | undefined =>
  isLocale(value) && value !== DEFAULT_LOCALE ? (value as TranslatedLocale) : undefined;

/** A post's or a team page's event (their payloads are alike), if `data` is well formed. */
export function recordEvent<K extends "post" | "page">(type: K, ids: RegExp, data: Fields) {
  const { id, version } = data;
  if (!Number.isInteger(version) || (id !== undefined && (typeof id !== "string" || !ids.test(id)))) return undefined;
  // A change for staff only that is not well-formed is dropped, never heard by everyone.
  const unseen = data["unseen"] === undefined ? {} : unseenOf(data["unseen"]);
  if (!unseen) return undefined;
  const locale = translatedLocaleOf(data["locale"]);
  return {
    type,
    ...(typeof id === "string" && { id }),
    ...(locale && { locale }),
    version: version as number,
    ...(data["deleted"] === true && { deleted: true as const }),
    ...unseen,
  } as Extract<LiveEvent, { type: K }>;
}

/**
 * The readers of the events a public page hears: saves of documents and posts, and an admin's
 * preview drafts. ./live-event-readers.ts has every one: a team page's saves, and the admin's own
 * (messages, Insights).
 */
export const PUBLIC_EVENT_READERS: Omit<EventReaders, "page" | "message" | "analytics"> = {
  content(data) {
    const { key, version } = data;
    if (!Number.isInteger(version) || typeof key !== "string" || !isDocumentKey(key)) return undefined;
    const locale = translatedLocaleOf(data["locale"]);
    return { type: "content", key, ...(locale && { locale }), version: version as number };
  },
  post: (data) => recordEvent("post", POST_ID, data),
  preview({ token, path }) {
    if (typeof token !== "string" || !PREVIEW_TOKEN.test(token)) return undefined;
    return { type: "preview", token, ...(typeof path === "string" && isPostPath(path) && { path }) };
  },
};

/** The names of the events a page hears, besides the stream's own `ready` (each one: the compiler checks). */
export const LIVE_EVENT_NAMES = Object.keys({
  content: 0,
  post: 0,
  page: 0,
  message: 0,
  preview: 0,
  analytics: 0,
} satisfies Record<LiveEventName, 0>) as LiveEventName[];

export const isFields = (value: unknown): value is Fields => typeof value === "object" && value !== null;

/**
 * The payload of a page's event named `name` if `data` (its parsed JSON) is a well-formed one, else
 * undefined: read by `read`, by default the reader above (none for the events only a team page or
 * the admin hears).
 */
export function readLiveEventData<K extends LiveEventName>(
  name: K,
  data: unknown,
  read: EventReader<K> | undefined = (PUBLIC_EVENT_READERS as Partial<EventReaders>)[name],
): LiveEventData<K> | undefined {
  if (!isFields(data) || !read) return undefined;
  const event = read(data);
  if (!event) return undefined;
  const { type: _, ...payload } = event;
  const spread = data["spread"];
  return (isSavedEvent(event) && typeof spread === "number" ? { ...payload, spread } : payload) as LiveEventData<K>;
}
