import { POST_ID } from "#content/posts.ts";
import { PREVIEW_TOKEN } from "#content/preview.ts";
import { publicPage } from "#content/public-pages.ts";
import { isDocumentKey, type DocumentKey } from "#content/sections.ts";

export interface ContentSavedEvent {
  type: "content";
  key: DocumentKey;
  version: number;
}

/**
 * A blog post was created, saved or deleted (its last version then): pages
 * showing posts refresh. Without `id`, some posts changed while this instance
 * was not listening (PostgreSQL catch-up).
 */
export interface PostSavedEvent {
  type: "content";
  key: "post";
  id?: string;
  version: number;
  deleted?: true;
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
   * Where the draft's post is read (`/blog/<slug>`, content/public-pages.ts
   * `previewPostPath`), when the draft holds one: a preview open at another
   * address (the title changed) is about to be moved there by the admin's tab,
   * and waits for it instead of refreshing into "not found".
   */
  path?: string;
}

/**
 * Page views were counted (server/analytics/recorder.ts, at most every few
 * seconds per instance); only signed-in admins hear it: open Insights pages refresh.
 */
export interface AnalyticsUpdatedEvent {
  type: "analytics";
}

export type AppEvent =
  ContentSavedEvent | PostSavedEvent | MessageReceivedEvent | PreviewUpdatedEvent | AnalyticsUpdatedEvent;

/**
 * Publishes app events to every subscriber in this process, once each. On
 * PostgreSQL the bus also carries them to and from the other instances
 * through LISTEN/NOTIFY (./postgres-bus.ts).
 */
export interface EventBus {
  publish(event: AppEvent): void;
  /**
   * Delivers to this process's subscribers only: for what every instance
   * works out for itself (a scheduled post's time come, ../posts/scheduler.ts).
   */
  publishLocal(event: AppEvent): void;
  subscribe(listener: (event: AppEvent) => void): () => void;
  readonly size: number;
  /** False while a bus between instances has lost its connection and is reconnecting (the server is then not ready). */
  readonly connected: boolean;
}

/** The event if `value` is a well-formed one (as it arrives from another instance), else undefined. */
export function parseAppEvent(value: unknown): AppEvent | undefined {
  if (!value || typeof value !== "object") return undefined;
  const event = value as Record<string, unknown>;
  if (
    event["type"] === "content" &&
    typeof event["key"] === "string" &&
    isDocumentKey(event["key"]) &&
    Number.isInteger(event["version"])
  ) {
    return { type: "content", key: event["key"], version: event["version"] as number };
  }
  if (
    event["type"] === "content" &&
    event["key"] === "post" &&
    (event["id"] === undefined || (typeof event["id"] === "string" && POST_ID.test(event["id"]))) &&
    Number.isInteger(event["version"])
  ) {
    return {
      type: "content",
      key: "post",
      ...(typeof event["id"] === "string" && { id: event["id"] }),
      version: event["version"] as number,
      ...(event["deleted"] === true && { deleted: true as const }),
    };
  }
  if (event["type"] === "message" && Number.isInteger(event["id"]))
    return { type: "message", id: event["id"] as number };
  if (event["type"] === "preview" && typeof event["token"] === "string" && PREVIEW_TOKEN.test(event["token"])) {
    const path = event["path"];
    return {
      type: "preview",
      token: event["token"],
      ...(typeof path === "string" && publicPage(path)?.route === "post" && { path }),
    };
  }
  if (event["type"] === "analytics") return { type: "analytics" };
  return undefined;
}

export function createEventBus(): EventBus {
  const listeners = new Set<(event: AppEvent) => void>();
  const publish = (event: AppEvent) => {
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
