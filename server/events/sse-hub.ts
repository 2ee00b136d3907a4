import { isSavedEvent, type LiveEvent, type LiveEventData, type LiveEventName } from "#content/live-events.ts";
import type { EventBus } from "./bus.ts";

export const HEARTBEAT_MS = 30_000;
/**
 * Open pages refresh at a random point within `spread` ms of a content event
 * (#app/lib/live-refresh.ts), so a save reaches a server as a stream of
 * requests rather than one burst: 0.1 ms per open stream (100 ms for 1,000
 * pages, 1 s for 10,000), at most 2 s.
 */
export function refreshSpreadMs(streams: number): number {
  return Math.min(2_000, Math.round(streams * 0.1));
}

/** A stream with more than this many bytes waiting to be sent is dropped (a dead or stalled client). */
export const MAX_BUFFERED_BYTES = 64 * 1024;

const encoder = new TextEncoder();

/** `event: …` / `data: …` frame, byte for byte what Hono's `writeSSE` wrote (data is one JSON line). */
export function sseFrame(event: string, data: string, retry?: number): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${data}${retry === undefined ? "" : `\nretry: ${retry}`}\n\n`);
}

export const READY_FRAME = sseFrame("ready", "{}", 3000);
/** The least delay before a stream ended by a stopping server reconnects (reconnectAll). */
export const RECONNECT_MS = 1_000;
export const HEARTBEAT_FRAME = encoder.encode(": heartbeat\n\n");

/** Ends a stream, telling the browser to reconnect in `retryMs` (an SSE `retry:` field). */
function sendAway(client: SseClient, retryMs: number): void {
  try {
    client.write(encoder.encode(`retry: ${retryMs}\n\n`));
    client.end();
  } catch {
    // already gone
  }
}

/** What the account of a stream may hear (server/events/routes.ts, from the gate's tables). */
export interface Audience {
  /** Those who may read the messages also hear `message`, `preview` and `analytics` events. */
  readonly admin: boolean;
  /** Those who may read every post also hear the changes visitors never see (drafts, scheduled posts). */
  readonly allPosts: boolean;
  /** The signed-in account: it hears such changes to the posts it created. */
  readonly userId: number | null;
}

/** Whether `audience` hears `event`: a post's change visitors never see goes to staff and its owner only. */
export function hears(audience: Audience, event: LiveEvent): boolean {
  if (event.type === "content") return true;
  if (event.type !== "post" && event.type !== "page") return audience.admin;
  if (event.unseen === undefined) return true;
  return audience.allPosts || (audience.userId !== null && audience.userId === event.unseen.owner);
}

/** One open stream, as the hub sees it. */
export interface SseClient {
  readonly audience: Audience;
  /** Queues the bytes; returns how many bytes are still waiting to be sent (the hub drops slow clients). */
  write(frame: Uint8Array): number;
  /** Ends the stream at once (the hub has already forgotten it). */
  drop(): void;
  /** Ends the stream after what was written, as a finished response: the browser reconnects. */
  end(): void;
}

export interface SseHubOptions {
  heartbeatMs?: number;
  maxBufferedBytes?: number;
}

/**
 * The broadcaster of a server's event bus (one per server, made with the
 * other deps: server/assembly/deps.ts): a single bus subscription formats each event
 * once and writes the same bytes to every open stream synchronously, and a
 * single timer sends the heartbeat to all of them. The bus subscription and the
 * timer exist only while at least one stream is open.
 */
export class SseHub {
  readonly #bus: EventBus;
  readonly #heartbeatMs: number;
  readonly #maxBuffered: number;
  readonly #clients = new Set<SseClient>();
  #unsubscribe: (() => void) | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #dropped = 0;
  #stopping = false;

  constructor(bus: EventBus, options: SseHubOptions = {}) {
    this.#bus = bus;
    this.#heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.#maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  }

  /** Open streams. */
  get size(): number {
    return this.#clients.size;
  }

  /** Streams dropped so far for not keeping up. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Adds a stream (its `ready` frame already written); returns the function that removes it. */
  add(client: SseClient): () => void {
    if (this.#stopping) {
      // Opened over a kept-alive connection while the server stops: straight on to another instance.
      sendAway(client, RECONNECT_MS);
      return () => undefined;
    }
    this.#clients.add(client);
    if (!this.#unsubscribe) {
      this.#unsubscribe = this.#bus.subscribe((event) => this.publish(event));
      this.#timer = setInterval(() => this.heartbeat(), this.#heartbeatMs);
      this.#timer.unref?.();
    }
    return () => this.remove(client);
  }

  remove(client: SseClient): void {
    if (!this.#clients.delete(client) || this.#clients.size > 0) return;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /**
   * Sends an event: `content` and `post` (with the refresh `spread`) to everyone, but a post's change visitors
   * never see (a draft's, a scheduled post's) to those who may read it only; `message` (the live
   * inbox), `preview` (an open preview follows its draft) and `analytics` (open Insights pages
   * refresh) to admins only.
   */
  publish(event: LiveEvent): void {
    const { type, ...payload } = event;
    const data: LiveEventData<LiveEventName> = isSavedEvent(event)
      ? { ...payload, spread: refreshSpreadMs(this.#clients.size) }
      : payload;
    const frame = sseFrame(type, JSON.stringify(data));
    this.#broadcast(frame, (client) => hears(client.audience, event));
  }

  /**
   * Ends every stream, telling each browser to reconnect after its own delay
   * of 1 s plus a random share of the refresh spread (an SSE `retry:` field):
   * when this instance stops, its pages reconnect to the others behind the
   * balancer (or to this one restarted) in a stream rather than all at once,
   * and hear `ready` there, on which they reload whatever they show.
   */
  reconnectAll(): number {
    this.#stopping = true;
    const clients = [...this.#clients];
    const spread = refreshSpreadMs(clients.length);
    for (const client of clients) {
      this.remove(client);
      sendAway(client, RECONNECT_MS + Math.floor(Math.random() * spread));
    }
    return clients.length;
  }

  /** Sends the heartbeat comment to every stream (the shared timer calls this). */
  heartbeat(): void {
    this.#broadcast(HEARTBEAT_FRAME, () => true);
  }

  #broadcast(frame: Uint8Array, to: (client: SseClient) => boolean): void {
    let slow: SseClient[] | undefined;
    for (const client of this.#clients) {
      if (!to(client)) continue;
      let waiting: number;
      try {
        waiting = client.write(frame);
      } catch {
        waiting = Infinity; // a broken stream must not stop the others (nor the save that published the event)
      }
      if (waiting > this.#maxBuffered) (slow ??= []).push(client);
    }
    // A stalled client must not hold memory (or anyone else) hostage: forget it and close its connection.
    for (const client of slow ?? []) {
      this.#dropped++;
      this.remove(client);
      try {
        client.drop();
      } catch {
        // already gone
      }
    }
  }
}
