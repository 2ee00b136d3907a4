import type { DocumentKey } from "#content/sections.ts";

export interface ContentSavedEvent {
  type: "content";
  key: DocumentKey;
  version: number;
}

/** A contact message was stored; only signed-in admins hear it (live inbox). */
export interface MessageReceivedEvent {
  type: "message";
  id: number;
}

export type AppEvent = ContentSavedEvent | MessageReceivedEvent;

/**
 * Publishes app events to every subscriber in this process. A PostgreSQL
 * deployment wraps this with LISTEN/NOTIFY so other instances hear it too.
 */
export interface EventBus {
  publish(event: AppEvent): void;
  subscribe(listener: (event: AppEvent) => void): () => void;
  readonly size: number;
}

export function createEventBus(): EventBus {
  const listeners = new Set<(event: AppEvent) => void>();
  return {
    publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
  };
}
