import { useUnreadCount, useUnreadCountSource } from "./unread-count.ts";

/** The unread count on the Contact tab's trigger, kept current by live events. */
export function UnreadBadge() {
  useUnreadCountSource();
  const unread = useUnreadCount();
  if (!unread) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1.5 text-xs font-semibold leading-5 text-white">
      {unread > 99 ? "99+" : unread}
      <span className="sr-only"> unread {unread === 1 ? "message" : "messages"}</span>
    </span>
  );
}
