import type { LiveEvent } from "#content/live-events.ts";

/**
 * Publishes live events (content/live-events.ts) to every subscriber in this process, once each. On
 * PostgreSQL the bus also carries them to and from the other instances
 * through LISTEN/NOTIFY (./postgres-bus.ts).
 */
export interface EventBus {
  publish(event: LiveEvent): void;
  /**
   * Delivers to this process's subscribers only: for what every instance
   * works out for itself (a scheduled post's time come, ../posts/scheduler.ts).
   */
  publishLocal(event: LiveEvent): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  readonly size: number;
  /** False while a bus between instances has lost its connection and is reconnecting (the server is then not ready). */
  readonly connected: boolean;
}

export function createEventBus(): EventBus {
  const listeners = new Set<(event: LiveEvent) => void>();
  const publish = (event: LiveEvent) => {
    for (const listener of listeners) listener(event);
  };
  return {
    publish,
    publishLocal: publish,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
    connected: true,
  };
}
