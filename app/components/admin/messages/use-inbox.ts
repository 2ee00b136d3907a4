import { useEffect } from "react";
import type { InboxMessage } from "#content/inbox.ts";
import { deleteMessage, listMessages, markMessage, restoreMessage } from "../data/admin-api.ts";
import { mergeItems, type MorePaging } from "../data/paged-list.ts";
import { usePagedList } from "../data/use-paged-list.ts";
import { setUnreadCount } from "./unread-count.ts";

const SEARCH_DELAY_MS = 300;
/** While a delivery is still pending its status is re-read this often (the outbox has no event of its own). */
const PENDING_POLL_MS = 5_000;

/** 20 at a time, newest first; a re-read's first page brings new messages in on top. */
const paging: MorePaging<InboxMessage> = {
  kind: "more",
  key: (message) => message.id,
  order: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
};

/**
 * The Messages inbox: the pages loaded so far (the admin's paged list,
 * ../data/paged-list.ts), read state, delete and restore, and new messages
 * arriving live.
 */
export function useInbox() {
  const list = usePagedList({
    searchDelayMs: SEARCH_DELAY_MS,
    paging,
    read: ({ query }, page, signal) => listMessages(query, page, signal),
    items: (answer) => answer.messages,
    onAnswer: (answer) => setUnreadCount(answer.unreadCount),
    live: (refresh) => ({ message: refresh }),
  });
  const { refresh, update } = list;

  const anyPending = list.items.some((m) => m.deliveries.some((d) => d.status === "pending"));
  useEffect(() => {
    if (!anyPending) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [anyPending, refresh]);

  async function setRead(id: number, read: boolean) {
    const result = await markMessage(id, read);
    const readAt = read ? new Date().toISOString() : null;
    update((messages) => messages.map((m) => (m.id === id ? { ...m, readAt } : m)));
    setUnreadCount(result.unreadCount);
  }

  async function remove(id: number) {
    const result = await deleteMessage(id);
    update((messages) => messages.filter((m) => m.id !== id), -1);
    setUnreadCount(result.unreadCount);
  }

  async function restore(id: number) {
    const result = await restoreMessage(id);
    const restored = result.message;
    if (restored) update((messages) => mergeItems(messages, [restored], paging), 1);
    setUnreadCount(result.unreadCount);
  }

  return { ...list, setRead, remove, restore };
}
