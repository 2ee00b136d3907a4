import type { Store } from "#server/db/store.ts";
import type { EventBus } from "#server/events/bus.ts";

/** How long the database may take to answer a readiness check before the instance counts as not ready. */
export const READY_TIMEOUT_MS = 2_000;

export type ReadinessReport = { ready: true } | { ready: false; reason: string };

/**
 * Whether this instance should be sent visitors (`GET /readyz`): its database
 * answers and has every migration of this code, its event bus hears the other
 * instances (PostgreSQL), and it is not stopping. `/healthz` only says the
 * process answers.
 */
export interface Readiness {
  /** True once a graceful stop has begun (server/assembly/serve.ts): never ready again. */
  readonly stopping: boolean;
  stop(): void;
  check(): Promise<ReadinessReport>;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0]!;

export function createReadiness(
  deps: { store: Pick<Store, "pendingMigrations">; bus: Pick<EventBus, "connected"> },
  timeoutMs = READY_TIMEOUT_MS,
): Readiness {
  let stopping = false;
  const stoppingReport = { ready: false, reason: "the server is stopping" } as const;
  return {
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
    },
    async check() {
      if (stopping) return stoppingReport;
      const answer = deps.store.pendingMigrations();
      answer.catch(() => undefined); // a late failure, after the timeout answered
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      let pending: string[];
      try {
        pending = await Promise.race([answer, late]);
      } catch (error) {
        return { ready: false, reason: `the database does not answer: ${reasonOf(error)}` };
      } finally {
        clearTimeout(timer);
      }
      if (stopping) return stoppingReport;
      if (pending.length > 0) return { ready: false, reason: `database migrations pending: ${pending.join(", ")}` };
      if (!deps.bus.connected)
        return { ready: false, reason: "not listening for the other instances' events: reconnecting to PostgreSQL" };
      return { ready: true };
    },
  };
}
