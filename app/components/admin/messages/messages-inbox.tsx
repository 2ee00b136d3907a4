import { useState } from "react";
import { Inbox, MessagesSquare, Trash2 } from "lucide-react";
import { toast as sonner } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { formatWhen } from "../format.ts";
import { ListEmpty, ListError, ListLoading, ListPanelHeader, SearchField } from "../list-parts.tsx";
import { DeliveryBadge } from "./delivery-status.tsx";
import { MessageDialog } from "./message-dialog.tsx";
import type { InboxMessage } from "#content/inbox.ts";
import { useUnreadCount } from "./unread-count.ts";
import { useInbox } from "./use-inbox.ts";

const firstLine = (text: string) =>
  text
    .split(/\r?\n/)
    .find((line) => line.trim())
    ?.trim() ?? "";

/**
 * "Messages": every contact message, newest first, with search, read state,
 * delete with undo, CSV export, and new messages arriving live.
 */
export function MessagesInbox() {
  const inbox = useInbox();
  const unread = useUnreadCount();
  const [openId, setOpenId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const open = inbox.items.find((m) => m.id === openId) ?? null;

  async function run(action: () => Promise<void>, failure: string) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast.error("Error", { description: `${failure}: ${(error as Error).message}` });
    } finally {
      setBusy(false);
    }
  }

  function openMessage(message: InboxMessage) {
    setOpenId(message.id);
    if (!message.readAt) void run(() => inbox.setRead(message.id, true), "Could not mark the message as read");
  }

  function remove(message: InboxMessage) {
    void run(async () => {
      await inbox.remove(message.id);
      setOpenId(null);
      sonner.success("Message deleted", {
        description: `From ${message.name}`,
        action: {
          label: "Undo",
          onClick: () => void run(() => inbox.restore(message.id), "Could not restore the message"),
        },
      });
    }, "Could not delete the message");
  }

  const searching = inbox.searched !== "";

  return (
    <section aria-labelledby="messages-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <ListPanelHeader
        headingId="messages-heading"
        icon={Inbox}
        title={
          <>
            Messages
            {unread !== null && (
              <Badge variant={unread > 0 ? "default" : "secondary"} aria-live="polite">
                {unread} unread
              </Badge>
            )}
          </>
        }
        description="Sent through the Contact Us page or left in the chat. Every message is kept here, even when e-mail fails."
        exportHref="/api/messages/export.csv"
      />

      <div className="flex flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
        <SearchField
          label="Search messages"
          placeholder="Search name, email, company or text"
          value={inbox.query}
          onChange={inbox.setQuery}
        />
        <p className="text-sm text-slate-600" aria-live="polite">
          {inbox.status === "ready" &&
            (searching ? `${inbox.total} found` : `${inbox.total} ${inbox.total === 1 ? "message" : "messages"}`)}
        </p>
      </div>

      {inbox.status === "loading" && <ListLoading>Loading messages…</ListLoading>}
      {inbox.error && !inbox.moreFailed && (
        <ListError onRetry={inbox.retry} className="mx-4 mb-4 sm:mx-6">
          Could not load messages: {inbox.error}
        </ListError>
      )}
      {inbox.status === "ready" && inbox.items.length === 0 && (
        <ListEmpty icon={Inbox} className="mx-4 mb-6 sm:mx-6">
          {searching
            ? `No messages match “${inbox.searched}”.`
            : "No messages yet. Messages sent through the Contact Us page or left in the chat appear here."}
        </ListEmpty>
      )}
      {inbox.status === "ready" && inbox.items.length > 0 && (
        <ul aria-label="Messages" className="divide-y divide-slate-200 border-t border-slate-200">
          {inbox.items.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              busy={busy}
              onOpen={() => openMessage(message)}
              onDelete={() => remove(message)}
            />
          ))}
        </ul>
      )}
      {inbox.status === "ready" && inbox.hasMore && (
        <div className="flex flex-wrap items-center justify-center gap-3 border-t border-slate-200 px-4 py-4">
          {inbox.moreFailed && !inbox.loadingMore ? (
            <ListError onRetry={inbox.retry} className="flex-1">
              Could not load more messages: {inbox.error}
            </ListError>
          ) : (
            <>
              <span className="text-sm text-slate-600">
                Showing {inbox.items.length} of {inbox.total}
              </span>
              <PendingButton
                variant="outline"
                pending={inbox.loadingMore}
                pendingLabel="Loading..."
                onClick={inbox.loadMore}
              >
                Load more
              </PendingButton>
            </>
          )}
        </div>
      )}

      <MessageDialog
        message={open}
        busy={busy}
        onClose={() => setOpenId(null)}
        onMarkUnread={(message) =>
          void run(async () => {
            await inbox.setRead(message.id, false);
            setOpenId(null);
          }, "Could not mark the message as unread")
        }
        onDelete={remove}
      />
    </section>
  );
}

function MessageRow({
  message,
  busy,
  onOpen,
  onDelete,
}: {
  message: InboxMessage;
  busy: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const unread = !message.readAt;
  return (
    <li
      className={cn(
        "group relative flex items-start gap-3 px-4 py-4 transition-colors hover:bg-slate-50 sm:px-6",
        unread && "bg-brand-50/40",
      )}
    >
      <span
        className={cn(
          "mt-2 size-2.5 shrink-0 rounded-full",
          unread ? "bg-brand-600" : "bg-transparent ring-1 ring-slate-300",
        )}
        aria-hidden="true"
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
          <h3
            className={cn(
              "min-w-0 truncate text-[15px]",
              unread ? "font-semibold text-slate-950" : "font-medium text-slate-800",
            )}
          >
            {/* The whole row is this button's hit area (the ::after overlay); Delete sits above it. */}
            <button
              type="button"
              onClick={onOpen}
              className="text-left after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
            >
              {message.name}
              <span className="sr-only">{unread ? " (unread)" : " (read)"}</span>
            </button>
          </h3>
          {message.company && <span className="min-w-0 truncate text-sm text-slate-600">{message.company}</span>}
          {message.source === "chat" && (
            <Badge variant="secondary" className="shrink-0">
              <MessagesSquare className="size-3" aria-hidden="true" />
              From the chat
            </Badge>
          )}
          <time
            dateTime={message.createdAt}
            className="w-full shrink-0 text-xs tabular-nums text-slate-600 sm:ml-auto sm:w-auto"
          >
            {formatWhen(message.createdAt)}
          </time>
        </div>
        <p className="truncate text-sm text-slate-600">{message.email}</p>
        <p className={cn("truncate text-sm", unread ? "text-slate-900" : "text-slate-600")}>
          {firstLine(message.message)}
        </p>
        {message.deliveries.length > 0 && (
          <ul className="relative z-10 mt-1 flex w-fit flex-wrap gap-1.5" aria-label="Delivery status">
            {message.deliveries.map((delivery) => (
              <li key={delivery.channel}>
                <DeliveryBadge delivery={delivery} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="relative z-10 -mr-2 size-8 shrink-0 text-slate-500 hover:bg-red-50 hover:text-red-700"
        aria-label={`Delete the message from ${message.name}`}
        disabled={busy}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
