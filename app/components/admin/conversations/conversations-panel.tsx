import { Download, LoaderCircle, MessagesSquare, RefreshCw, Search } from "lucide-react";
import { useState } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import type { ConversationSummary } from "../data/admin-api.ts";
import { formatWhen } from "../format.ts";
import { ConversationDialog } from "./conversation-dialog.tsx";
import { useConversations } from "./use-conversations.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Conversations" under the AI tab: what visitors asked the assistant, newest
 * first, with search, an "Unanswered only" filter (the questions to add to the
 * knowledge base), each readable as a transcript, CSV export and delete. Kept
 * for the days the AI settings say.
 */
export function ConversationsPanel() {
  const list = useConversations();
  const [openId, setOpenId] = useState<string | null>(null);
  const answer = list.answer;
  const filtered = list.searched !== "" || list.unanswered;

  return (
    <section
      aria-labelledby="conversations-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-x-4 gap-y-3 border-b border-slate-200 px-4 py-4 sm:px-6">
        <div className="flex min-w-0 flex-1 basis-64 items-center gap-3">
          <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 sm:flex">
            <MessagesSquare className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id="conversations-heading" className="text-lg font-semibold text-slate-950 sm:text-xl">
              Conversations
            </h2>
            <p className="text-sm text-slate-600">
              What visitors asked the assistant. Questions it could not answer show what to add to the knowledge base.
            </p>
          </div>
        </div>
        <a href="/api/conversations/export.csv" download className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </header>

      <div className="flex flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
        <div className="relative min-w-0 flex-1 basis-64">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search conversations"
            placeholder="Search what visitors asked"
            value={list.query}
            onChange={(event) => list.setQuery(event.currentTarget.value)}
            className="pl-9"
          />
        </div>
        <div className="flex items-center gap-2">
          <Switch id="conversations-unanswered" checked={list.unanswered} onCheckedChange={list.setUnanswered} />
          <Label htmlFor="conversations-unanswered">Unanswered only</Label>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {list.status === "ready" && answer && plural(answer.total, "conversation", "conversations")}
        </p>
      </div>

      {list.status === "loading" && (
        <p className="flex items-center justify-center gap-2 px-6 py-12 text-sm text-slate-600" role="status">
          <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading conversations…
        </p>
      )}
      {list.status === "error" && (
        <div
          className="mx-4 mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 sm:mx-6"
          role="alert"
        >
          <p className="flex-1">Could not load conversations: {list.error}</p>
          <Button variant="outline" size="sm" onClick={list.reload}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}
      {list.status === "ready" && answer?.conversations.length === 0 && (
        <p className="mx-4 mb-6 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600 sm:mx-6">
          {filtered
            ? "No conversations match."
            : "No conversations yet. What visitors ask the chat assistant appears here."}
        </p>
      )}
      {list.status === "ready" && answer && answer.conversations.length > 0 && (
        <ul aria-label="Conversations" className="divide-y divide-slate-200 border-t border-slate-200">
          {answer.conversations.map((conversation) => (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
              onOpen={() => setOpenId(conversation.id)}
            />
          ))}
        </ul>
      )}
      {answer && answer.pages > 1 && (
        <nav
          aria-label="Conversation pages"
          className="flex items-center justify-center gap-3 border-t border-slate-200 px-4 py-4"
        >
          <Button variant="outline" size="sm" disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {answer.page} of {answer.pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={list.page >= answer.pages}
            onClick={() => list.setPage(list.page + 1)}
          >
            Next
          </Button>
        </nav>
      )}

      <ConversationDialog
        id={openId}
        onClose={() => setOpenId(null)}
        onDelete={async (id) => {
          try {
            await list.remove(id);
            setOpenId(null);
            toast.success("Success", { description: "Conversation deleted." });
          } catch (error) {
            toast.error("Error", { description: `Could not delete the conversation: ${(error as Error).message}` });
          }
        }}
      />
    </section>
  );
}

function ConversationRow({ conversation, onOpen }: { conversation: ConversationSummary; onOpen: () => void }) {
  return (
    <li className="relative flex items-start gap-3 px-4 py-4 transition-colors hover:bg-slate-50 sm:px-6">
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
          <h3 className="min-w-0 flex-1 truncate text-[15px] font-medium text-slate-900">
            {/* The whole row is this button's hit area (the ::after overlay). */}
            <button
              type="button"
              onClick={onOpen}
              className="max-w-full truncate text-left after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500 focus-visible:after:ring-inset"
            >
              {conversation.firstQuestion}
            </button>
          </h3>
          <time dateTime={conversation.lastAt} className="shrink-0 text-xs text-slate-600 tabular-nums">
            {formatWhen(conversation.lastAt)}
          </time>
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span>{plural(conversation.questions, "question", "questions")}</span>
          <span>
            Started on <code className="text-xs">{conversation.page}</code>
          </span>
          {conversation.unanswered > 0 && (
            <Badge variant="warning">{plural(conversation.unanswered, "unanswered", "unanswered")}</Badge>
          )}
        </p>
      </div>
    </li>
  );
}
