import { useCallback, useEffect, useRef, useState } from "react";
import { useEventStream } from "#app/components/admin/data/use-event-stream.ts";
import {
  deleteMessage,
  listMessages,
  markMessage,
  restoreMessage,
  type InboxMessage,
  type InboxPage,
} from "../data/admin-api.ts";
import { setUnreadCount } from "./unread-count.ts";

const SEARCH_DELAY_MS = 300;
/** While a delivery is still pending its status is re-read this often (the outbox has no event of its own). */
const PENDING_POLL_MS = 5_000;

const newestFirst = (a: InboxMessage, b: InboxMessage) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** `fresh` replaces the known copies of its messages and adds the ones not seen yet, newest first. */
function merge(current: InboxMessage[], fresh: InboxMessage[]): InboxMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of fresh) byId.set(message.id, message);
  return [...byId.values()].sort(newestFirst);
}

export type InboxStatus = "loading" | "ready" | "error";

/**
 * The Messages inbox: the search (debounced, answered by the server), pages
 * loaded so far, read state, delete and restore, and new messages arriving live.
 */
export function useInbox() {
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState("");
  const [messages, setMessages] = useState<InboxMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(1);
  const [status, setStatus] = useState<InboxStatus>("loading");
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // Answers to an older search are dropped when a newer one was asked.
  const generation = useRef(0);

  const apply = useCallback((result: InboxPage) => {
    setTotal(result.total);
    setPages(result.pages);
    setUnreadCount(result.unreadCount);
  }, []);

  const load = useCallback(
    async (search: string) => {
      const asked = ++generation.current;
      setStatus((current) => (current === "ready" ? current : "loading"));
      try {
        const result = await listMessages(search);
        if (asked !== generation.current) return;
        setMessages(result.messages);
        setPage(1);
        apply(result);
        setStatus("ready");
        setError(null);
      } catch (caught) {
        if (asked !== generation.current) return;
        setError((caught as Error).message);
        setStatus("error");
      }
    },
    [apply],
  );

  useEffect(() => {
    const trimmed = query.trim();
    const timer = setTimeout(() => setSearched(trimmed), trimmed === searched ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, searched]);

  useEffect(() => {
    void load(searched);
  }, [load, searched]);

  /** Re-reads the first page and merges it in: new messages appear on top, statuses update. */
  const refresh = useCallback(async () => {
    const asked = generation.current;
    const result = await listMessages(searched).catch(() => null);
    if (!result || asked !== generation.current) return;
    setMessages((current) => merge(current, result.messages));
    apply(result);
  }, [apply, searched]);

  useEventStream({ message: () => void refresh() });

  const anyPending = messages.some((m) => m.deliveries.some((d) => d.status === "pending"));
  useEffect(() => {
    if (!anyPending) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void refresh();
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [anyPending, refresh]);

  async function loadMore() {
    const asked = generation.current;
    setLoadingMore(true);
    try {
      const result = await listMessages(searched, page + 1);
      if (asked !== generation.current) return;
      setMessages((current) => merge(current, result.messages));
      setPage(result.page);
      apply(result);
    } finally {
      setLoadingMore(false);
    }
  }

  const patch = (id: number, change: Partial<InboxMessage>) =>
    setMessages((current) => current.map((m) => (m.id === id ? { ...m, ...change } : m)));

  async function setRead(id: number, read: boolean) {
    const result = await markMessage(id, read);
    patch(id, { readAt: read ? new Date().toISOString() : null });
    setUnreadCount(result.unreadCount);
  }

  async function remove(id: number) {
    const result = await deleteMessage(id);
    setMessages((current) => current.filter((m) => m.id !== id));
    setTotal((n) => Math.max(0, n - 1));
    setUnreadCount(result.unreadCount);
  }

  async function restore(id: number) {
    const result = await restoreMessage(id);
    if (result.message) {
      const restored = result.message;
      setMessages((current) => merge(current, [restored]));
      setTotal((n) => n + 1);
    }
    setUnreadCount(result.unreadCount);
  }

  return {
    query,
    setQuery,
    searched,
    messages,
    total,
    hasMore: page < pages,
    status,
    error,
    loadingMore,
    retry: () => void load(searched),
    loadMore,
    setRead,
    remove,
    restore,
  };
}
