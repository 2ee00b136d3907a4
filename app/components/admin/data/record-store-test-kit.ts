import { vi } from "vitest";
import type { EventHandlers } from "#app/lib/event-stream.ts";
import type { SavedEvent } from "#content/live-events.ts";
import type { StoredDocument } from "#content/documents.ts";
import { recordKinds, type RecordKindAdapter } from "./record-kinds.ts";
import { documentRef, type StoredRecord } from "./record-ref.ts";
import { createRecordStore } from "./record-store.ts";

/*
 * What the record store's tests share (./record-store.test.ts, ./record-store-drafts.test.ts,
 * ./record-store-languages.test.ts): a store over fake API calls and a fake event stream.
 */

export const HOME = documentRef("home");

export const doc = (version: number, title: string): StoredDocument =>
  ({
    key: "home",
    version,
    data: { title },
    updatedAt: null,
    updatedBy: "someone@example.lk",
  }) as unknown as StoredDocument;

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A kind whose API calls are fakes (`latest` is what a load answers); the rest is the real entry. */
function fakeKind(real: RecordKindAdapter, latest: () => StoredRecord) {
  return {
    ...real,
    load: vi.fn(async (_id: string) => latest()),
    save: vi.fn<RecordKindAdapter["save"]>(),
    restore: vi.fn<RecordKindAdapter["restore"]>(),
  };
}

/** A store holding "home" over fake API calls; `announce` plays a content event of the page's stream. */
export function setup(initial: StoredRecord = doc(1, "One")) {
  let handlers: EventHandlers = {};
  const server = { latest: initial, post: initial, page: initial };
  const kinds = {
    document: fakeKind(recordKinds.document, () => server.latest),
    post: fakeKind(recordKinds.post, () => server.post),
    page: fakeKind(recordKinds.page, () => server.page),
  };
  const deps = {
    kinds,
    subscribe: (next: EventHandlers) => {
      handlers = next;
      return () => {
        handlers = {};
      };
    },
  };
  const store = createRecordStore([[HOME, initial]], deps);
  const disconnect = store.connect();
  const hear = (event: SavedEvent) => {
    if (event.type === "content") handlers.content?.(event);
    else if (event.type === "post") handlers.post?.(event);
    else handlers.page?.(event);
  };
  const announce = (version: number) => hear({ type: "content", key: "home", version });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { store, api: kinds.document, kinds, server, announce, hear, settled, disconnect };
}

/** An in-memory Web Storage, for the drafts a store keeps on the device. */
export const memoryStorage = (items: Map<string, string>) => ({
  get length() {
    return items.size;
  },
  key: (index: number) => [...items.keys()][index] ?? null,
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => void items.set(key, value),
  removeItem: (key: string) => void items.delete(key),
});
