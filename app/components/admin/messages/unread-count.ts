import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useEventStream } from "#app/components/admin/data/use-event-stream.ts";
import { listMessages } from "../data/admin-api.ts";

// The unread count shared by the Contact tab's badge and the inbox. Only
// effects and event handlers write it, so server renders always see null.
let unread: number | null = null;
const watchers = new Set<() => void>();

export function setUnreadCount(count: number) {
  if (count === unread) return;
  unread = count;
  for (const watch of watchers) watch();
}

function watch(callback: () => void) {
  watchers.add(callback);
  return () => watchers.delete(callback);
}

/** The number of unread contact messages, kept current by the inbox and by live events; null until known. */
export function useUnreadCount(): number | null {
  return useSyncExternalStore(
    watch,
    () => unread,
    () => null,
  );
}

/** Fetches the unread count now and whenever a new message arrives. */
export function useUnreadCountSource() {
  const refresh = useCallback(() => {
    listMessages().then(
      (page) => setUnreadCount(page.unreadCount),
      () => {
        // A badge that could not refresh keeps its last number; the inbox shows any real error.
      },
    );
  }, []);
  useEffect(refresh, [refresh]);
  useEventStream({ message: refresh });
}
