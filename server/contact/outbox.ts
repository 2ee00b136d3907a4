import type { Logger } from "#server/logger.ts";
import type { DeliveryChannel } from "#content/inbox.ts";
import type { MessageStore, OutboxStore, Transport } from "./types.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits after the 1st, 2nd, … failed attempt; the attempt after the last wait is the last one. */
export const DEFAULT_RETRY_SCHEDULE = [
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
  24 * HOUR,
];

/** How long an admin can undo deleting a message before it is purged. */
export const DELETED_KEPT_MS = 24 * HOUR;

export interface OutboxOptions {
  /** Milliseconds between sweeps for due deliveries. */
  intervalMs?: number;
  /** Waits between attempts; attempts = schedule length + 1. */
  retrySchedule?: number[];
  /** How long a claimed delivery is held before another worker may retry it (a crashed send). */
  leaseMs?: number;
  now?: () => Date;
  transports?: Partial<Record<DeliveryChannel, Transport>>;
}

export interface Outbox {
  /** Starts sweeping (also sends whatever a previous run left due). */
  start(): void;
  /** Stops sweeping and waits for sends in flight. */
  stop(): Promise<void>;
  /** Sweeps now (a message was just queued). */
  wake(): void;
  /** One sweep; resolves when every claimed delivery is sent or rescheduled. */
  tick(): Promise<void>;
}

function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500) || "Unknown error";
}

/** The durable outbox's worker: every state change is in the database, so a restart resumes. */
export function createOutbox(
  deps: {
    store: { messages: MessageStore; outbox: OutboxStore };
    logger: Logger;
    transports: Record<DeliveryChannel, Transport>;
  },
  options: OutboxOptions = {},
): Outbox {
  const { store, logger } = deps;
  const transports = { ...deps.transports, ...options.transports };
  const intervalMs = options.intervalMs ?? 5 * SECOND;
  const schedule = options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE;
  const leaseMs = options.leaseMs ?? 2 * MINUTE;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  async function sweep() {
    const started = now();
    await store.messages.purgeDeleted(new Date(started.getTime() - DELETED_KEPT_MS));
    for (;;) {
      const at = now();
      const claimed = await store.outbox.claimDue(at, new Date(at.getTime() + leaseMs), 10);
      if (claimed.length === 0) return;
      await Promise.all(
        claimed.map(async (delivery) => {
          const message = await store.messages.get(delivery.messageId);
          try {
            if (!message) throw new Error("The message was deleted before it could be delivered.");
            await transports[delivery.channel](delivery, message);
            await store.outbox.markSent(delivery.id, now());
            logger.info("contact message delivered", {
              event: "delivered",
              id: delivery.messageId,
              channel: delivery.channel,
            });
          } catch (error) {
            const why = reason(error);
            const wait = schedule[delivery.attempts - 1];
            if (wait === undefined || !message) {
              await store.outbox.markFailed(delivery.id, why);
              logger.error("contact message delivery failed for good", {
                event: "delivery-failed",
                id: delivery.messageId,
                channel: delivery.channel,
                reason: why,
              });
            } else {
              await store.outbox.markRetry(delivery.id, why, new Date(now().getTime() + wait));
              logger.warn("contact message delivery will be retried", {
                event: "delivery-retry",
                id: delivery.messageId,
                channel: delivery.channel,
                reason: why,
                inMs: wait,
              });
            }
          }
        }),
      );
      if (stopped) return;
    }
  }

  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await sweep();
        } while (again && !stopped);
      } catch (error) {
        logger.error("outbox sweep failed", { event: "outbox-failed", error: reason(error) });
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void tick();
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    wake() {
      if (!stopped) void tick();
    },
    tick,
  };
}

/** The outbox's background work, started with the server (server/assembly/jobs.ts); the stop waits for sends in flight. */
export function startOutbox(deps: { outbox: Outbox }): () => Promise<void> {
  deps.outbox.start();
  return () => deps.outbox.stop();
}
