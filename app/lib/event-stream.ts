/**
 * The page's one connection to GET /api/events, shared by everything that
 * listens (the public page's live refresh; in the admin the documents, the
 * inbox and the unread badge): browsers allow only six connections per host.
 * It opens with the first subscriber and closes a moment after the last one
 * leaves, so that a page which re-subscribes as it navigates (the layout's
 * live refresh does, when the page shows other documents or posts) keeps the
 * same connection: a save announced while a new one was connecting would be
 * missed, as a new connection's first `ready` is not a reconnection.
 */
import {
  LIVE_EVENT_NAMES,
  readLiveEventData,
  type EventReaders,
  type LiveEventData,
  type LiveEventName,
} from "#content/live-events.ts";

export type EventHandlers = { [K in LiveEventName]?: (event: LiveEventData<K>) => void } & {
  /** The stream was lost and is back: whatever was saved meanwhile was not heard. */
  reconnect?: () => void;
  /**
   * Readers for events that every public page does not read (a team page's `page`: its reader is
   * content/live-event-readers.ts `readPageEvent`, which public pages do not ship); without one, such
   * an event is not handed to these handlers.
   */
  readers?: Partial<EventReaders>;
};

const subscribers = new Set<EventHandlers>();
let source: EventSource | null = null;
let closing: ReturnType<typeof setTimeout> | undefined;
let reopening: ReturnType<typeof setTimeout> | undefined;

/** EventSource's `readyState` once the browser has given up on a stream (it retries by itself otherwise). */
const CLOSED = 2;
/** The first wait before opening a stream the browser gave up on, doubled each time up to the last. */
const REOPEN_FIRST_MS = 1_000;
const REOPEN_MAX_MS = 60_000;
let reopenDelay = REOPEN_FIRST_MS;

/** Hands an event to every subscriber that listens to it, if it is well formed. */
function deliver<K extends LiveEventName>(name: K, event: MessageEvent<string>) {
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    return;
  }
  // Read for each subscriber, with its own reader if it has one (events are few).
  for (const handlers of [...subscribers]) {
    const handler = handlers[name] as ((event: LiveEventData<K>) => void) | undefined;
    const data = handler && readLiveEventData(name, json, handlers.readers?.[name]);
    if (data) handler(data);
  }
}

/**
 * Opens the stream. The browser reconnects by itself after a dropped connection
 * (a server stopping ends its streams with a short `retry`), but gives up for
 * good when an answer is not an event stream, such as a proxy's 502 while no
 * instance is up: then a new stream is opened after a growing, randomised wait.
 */
function open(lost = false): EventSource {
  const stream = new EventSource("/api/events");
  // The server sends `ready` on every (re)connection; the first one is not news, unless an earlier stream was lost.
  let connected = lost;
  stream.addEventListener("ready", () => {
    if (connected) for (const handlers of [...subscribers]) handlers.reconnect?.();
    connected = true;
    reopenDelay = REOPEN_FIRST_MS;
  });
  stream.addEventListener("error", () => {
    if (stream.readyState !== CLOSED || source !== stream) return;
    const wait = reopenDelay * (0.5 + Math.random() / 2);
    reopenDelay = Math.min(reopenDelay * 2, REOPEN_MAX_MS);
    clearTimeout(reopening);
    reopening = setTimeout(() => {
      if (source === stream && subscribers.size > 0) source = open(true);
    }, wait);
  });
  for (const name of LIVE_EVENT_NAMES)
    stream.addEventListener(name, (event: MessageEvent<string>) => deliver(name, event));
  return stream;
}

/** Listens to the shared stream until the returned function is called. */
export function subscribeToEvents(handlers: EventHandlers): () => void {
  const subscriber = { ...handlers };
  subscribers.add(subscriber);
  clearTimeout(closing);
  source ??= open();
  return () => {
    if (!subscribers.delete(subscriber) || subscribers.size > 0) return;
    clearTimeout(closing);
    closing = setTimeout(() => {
      if (subscribers.size > 0 || !source) return;
      clearTimeout(reopening);
      source.close();
      source = null;
    });
  };
}
