import type { Logger } from "#server/logger.ts";
import type { DeliveryChannel } from "#content/inbox.ts";
import type {
  AccountMailComposer,
  AccountMailKind,
  AccountMailStore,
  AccountMailTransport,
  MessageStore,
  OutboxStore,
  Transport,
} from "./types.ts";

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
    /**
     * Account mails (invitations): a second queue in the same outbox, swept by this same worker after
     * the contact deliveries, retried on the same schedule. One worker, one retry policy, one place
     * that sends mail; each kind's composer writes the mail when it is sent (./types.ts AccountMail).
     */
    accountMail?: {
      store: AccountMailStore;
      compose: Record<AccountMailKind, AccountMailComposer>;
      send: AccountMailTransport;
    };
  },
  options: OutboxOptions = {},
): Outbox {
  const { store, logger, accountMail } = deps;
  const transports = { ...deps.transports, ...options.transports };
  const intervalMs = options.intervalMs ?? 5 * SECOND;
  const schedule = options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE;
  const leaseMs = options.leaseMs ?? 2 * MINUTE;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  /**
   * Sends one claimed row of a queue: marked sent, or retried on the schedule, or given up after the
   * last attempt (or at once when `send` says its record is gone). `log` names it in the log lines.
   */
  async function attempt(
    row: { id: number; attempts: number },
    queue: Pick<OutboxStore, "markSent" | "markRetry" | "markFailed">,
    send: () => Promise<"sent" | { gone: string }>,
    log: { what: string; fields: Record<string, unknown> },
  ) {
    let why: string;
    let gone = false;
    try {
      const result = await send();
      if (result === "sent") {
        await queue.markSent(row.id, now());
        logger.info(`${log.what} delivered`, { event: "delivered", ...log.fields });
        return;
      }
      why = result.gone;
      gone = true;
    } catch (error) {
      why = reason(error);
    }
    const wait = schedule[row.attempts - 1];
    if (wait === undefined || gone) {
      await queue.markFailed(row.id, why);
      logger.error(`${log.what} delivery failed for good`, { event: "delivery-failed", ...log.fields, reason: why });
    } else {
      await queue.markRetry(row.id, why, new Date(now().getTime() + wait));
      logger.warn(`${log.what} delivery will be retried`, {
        event: "delivery-retry",
        ...log.fields,
        reason: why,
        inMs: wait,
      });
    }
  }

  /** Claims and sends a queue's due rows, ten at a time, until none is due (or the worker stops). */
  async function drain<Row extends { id: number; attempts: number }>(
    claim: (at: Date, leaseUntil: Date, limit: number) => Promise<Row[]>,
    sendOne: (row: Row) => Promise<void>,
  ) {
    for (;;) {
      const at = now();
      const claimed = await claim(at, new Date(at.getTime() + leaseMs), 10);
      if (claimed.length === 0) return;
      await Promise.all(claimed.map(sendOne));
      if (stopped) return;
    }
  }

  async function sweep() {
    const started = now();
    await store.messages.purgeDeleted(new Date(started.getTime() - DELETED_KEPT_MS));
    await drain(store.outbox.claimDue, async (delivery) => {
      const message = await store.messages.get(delivery.messageId);
      await attempt(
        delivery,
        store.outbox,
        async () => {
          if (!message) return { gone: "The message was deleted before it could be delivered." };
          await transports[delivery.channel](delivery, message);
          return "sent";
        },
        { what: "contact message", fields: { id: delivery.messageId, channel: delivery.channel } },
      );
    });
    if (stopped || !accountMail) return;
    const { store: mails, compose, send } = accountMail;
    await drain(mails.claimDue, (mail) =>
      attempt(
        mail,
        mails,
        async () => {
          const composed = await compose[mail.kind](mail);
          if (!composed) return { gone: "What it was about was withdrawn before it could be sent." };
          await send(composed);
          return "sent";
        },
        { what: `${mail.kind} e-mail`, fields: { mail: mail.id, kind: mail.kind } },
      ),
    );
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
