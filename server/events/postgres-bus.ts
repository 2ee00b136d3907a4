import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "#server/logger.ts";
import { readLiveEvent } from "#content/live-event-readers.ts";
import type { LiveEvent } from "#content/live-events.ts";
import { createEventBus, type EventBus } from "./bus.ts";

/** The one channel every instance of the site talks on (NOTIFY is per database). */
export const EVENTS_CHANNEL = "agency_site_events";

export interface PostgresEventBus extends EventBus {
  /** Stops listening, after the NOTIFYs already published have been sent. */
  close(): Promise<void>;
}

export interface PostgresEventBusOptions {
  /** DATABASE_URL: the listener has a connection of its own, outside the store's pool. */
  url: string;
  /**
   * The site's schema: NOTIFY reaches the whole database, so sites (or test
   * runs) sharing one in separate schemas skip each other's events.
   */
  schema: string;
  /** Sends a NOTIFY (through the store's pool, so publishing works while the listener reconnects). */
  notify(channel: string, payload: string): Promise<void>;
  logger: Logger;
  /** Runs for each event from another instance before this instance's subscribers hear it (drop cached copies). */
  onRemote?(event: LiveEvent): void;
  /** After the listener reconnected: events that may have been missed while it was away. */
  catchUp?(): Promise<LiveEvent[]>;
  /** First and longest wait before reconnecting (ms); doubles in between. */
  retryDelayMs?: { first: number; max: number };
  /** How often the idle listener checks its connection (ms). */
  pingIntervalMs?: number;
}

interface Envelope {
  /** The publishing instance: it has delivered the event to its own subscribers already. */
  origin: string;
  schema: string;
  event: LiveEvent;
}

/**
 * The event bus of a PostgreSQL deployment (docs/decisions/006-postgresql.md).
 * `publish` delivers to this process's subscribers at once, as the in-process
 * bus does, and sends a NOTIFY carrying the event and this instance's id.
 * A dedicated connection LISTENs and hands every other instance's event to
 * this process's subscribers; its own come back too and are skipped, so each
 * subscriber hears each event exactly once. A lost listener connection is
 * reopened with back-off, and `catchUp` then reports what was missed.
 */
export async function createPostgresEventBus(options: PostgresEventBusOptions): Promise<PostgresEventBus> {
  const { logger } = options;
  const local = createEventBus();
  const origin = randomUUID();
  const retry = options.retryDelayMs ?? { first: 100, max: 5_000 };
  let listener: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  // NOTIFYs are sent one after another, so other instances hear them in publishing order.
  let sending: Promise<void> = Promise.resolve();

  const receive = (payload: string | undefined) => {
    let envelope: Partial<Envelope> | null;
    try {
      envelope = JSON.parse(payload ?? "") as Partial<Envelope> | null;
    } catch {
      envelope = null;
    }
    if (!envelope || typeof envelope !== "object") {
      logger.warn("ignored a malformed event notification", { payload: String(payload).slice(0, 200) });
      return;
    }
    if (envelope.origin === origin || envelope.schema !== options.schema) return;
    const event = readLiveEvent(envelope.event);
    if (!event) {
      logger.warn("ignored an unknown event notification", { payload: String(payload).slice(0, 200) });
      return;
    }
    // A failing subscriber must not break the listener's connection (this runs inside its message handler).
    try {
      options.onRemote?.(event);
      local.publish(event);
    } catch (error) {
      logger.error("an event from another instance could not be handled", {
        type: event.type,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const lost = (client: pg.Client, error?: Error) => {
    if (client !== listener) return;
    listener = undefined;
    client.end().catch(() => undefined);
    if (closed) return;
    logger.warn("lost the PostgreSQL event listener; reconnecting", {
      event: "bus-lost",
      reason: error?.message ?? "connection ended",
    });
    reconnect(0);
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.url,
      application_name: "agency-site events",
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: 10_000,
      connectionTimeoutMillis: 10_000,
    });
    client.on("notification", (message) => {
      if (message.channel === EVENTS_CHANNEL) receive(message.payload);
    });
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
  }

  function reconnect(attempt: number) {
    const delay = Math.min(retry.max, retry.first * 2 ** attempt);
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      if (closed) return;
      try {
        await listen();
      } catch (error) {
        if (!closed) {
          logger.warn("could not reopen the PostgreSQL event listener; trying again", {
            event: "bus-reconnect-failed",
            reason: error instanceof Error ? error.message : String(error),
            inMs: Math.min(retry.max, retry.first * 2 ** (attempt + 1)),
          });
          reconnect(attempt + 1);
        }
        return;
      }
      if (closed) return;
      logger.info("PostgreSQL event listener reconnected", { event: "bus-reconnected", attempts: attempt + 1 });
      try {
        for (const event of (await options.catchUp?.()) ?? []) local.publish(event);
      } catch (error) {
        logger.warn("could not catch up after reconnecting the event listener", {
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }, delay);
    reconnectTimer.unref();
  }

  // A connection can die silently (a network cut sends no reset): an idle listener asks now and then.
  const ping = setInterval(() => {
    const client = listener;
    client?.query("select 1").catch((error: Error) => lost(client, error));
  }, options.pingIntervalMs ?? 30_000);
  ping.unref();

  try {
    await listen();
  } catch (error) {
    clearInterval(ping);
    throw error;
  }

  return {
    publish(event) {
      // Queued first, so a throwing local subscriber cannot keep the other instances from hearing it.
      if (!closed) {
        const payload = JSON.stringify({ origin, schema: options.schema, event } satisfies Envelope);
        sending = sending
          .then(() => options.notify(EVENTS_CHANNEL, payload))
          .catch((error: unknown) =>
            logger.warn("could not tell the other instances about an event", {
              type: event.type,
              reason: error instanceof Error ? error.message : String(error),
            }),
          );
      }
      local.publish(event);
    },
    publishLocal: (event) => local.publish(event),
    subscribe: (subscriber) => local.subscribe(subscriber),
    get size() {
      return local.size;
    },
    get connected() {
      return listener !== undefined;
    },
    async close() {
      closed = true;
      clearInterval(ping);
      clearTimeout(reconnectTimer);
      await sending;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
