import { MessagesSquare } from "lucide-react";
import { useRef, useState } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/select.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import type { ConversationSummary } from "#content/conversations.ts";
import { isLocale, LOCALES, locales } from "#content/locales.ts";
import { formatWhen } from "../format.ts";
import { ListEmpty, ListError, ListLoading, ListPanelHeader, Pager, SearchField, showListTop } from "../list-parts.tsx";
import { ConversationDialog } from "./conversation-dialog.tsx";
import { LanguageName } from "./language-name.tsx";
import { useConversations } from "./use-conversations.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Conversations" under the AI tab: what visitors asked the assistant, newest
 * first, with search, an "Unanswered only" filter (the questions to add to the
 * knowledge base), a language filter (each conversation says the language it
 * was answered in), each readable as a transcript, CSV export and delete. Kept
 * for the days the AI settings say.
 */
export function ConversationsPanel() {
  const list = useConversations();
  const [openId, setOpenId] = useState<string | null>(null);
  const listTop = useRef<HTMLDivElement>(null);
  const filtered = list.searched !== "" || list.unanswered || list.locale !== undefined;

  return (
    <section
      aria-labelledby="conversations-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <ListPanelHeader
        headingId="conversations-heading"
        icon={MessagesSquare}
        title="Conversations"
        description="What visitors asked the assistant. Questions it could not answer show what to add to the knowledge base."
        exportHref="/api/conversations/export.csv"
      />

      <div ref={listTop} className="flex flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
        <SearchField
          label="Search conversations"
          placeholder="Search what visitors asked"
          value={list.query}
          onChange={list.setQuery}
        />
        <div className="flex items-center gap-2">
          <Switch id="conversations-unanswered" checked={list.unanswered} onCheckedChange={list.setUnanswered} />
          <Label htmlFor="conversations-unanswered">Unanswered only</Label>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor="conversations-language">Language</Label>
          <NativeSelect
            id="conversations-language"
            className="w-auto"
            value={list.locale ?? ""}
            onChange={(event) => list.setLocale(isLocale(event.target.value) ? event.target.value : undefined)}
          >
            <option value="">All languages</option>
            {locales.map((locale) => (
              <option key={locale} value={locale} lang={LOCALES[locale].htmlLang}>
                {LOCALES[locale].nativeName}
              </option>
            ))}
          </NativeSelect>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {list.status === "ready" && plural(list.total, "conversation", "conversations")}
        </p>
      </div>

      {list.status === "loading" && <ListLoading>Loading conversations…</ListLoading>}
      {list.error && (
        <ListError onRetry={list.retry} className="mx-4 mb-4 sm:mx-6">
          Could not load conversations: {list.error}
        </ListError>
      )}
      {list.status === "ready" && list.items.length === 0 && (
        <ListEmpty icon={MessagesSquare} className="mx-4 mb-6 sm:mx-6">
          {filtered
            ? "No conversations match."
            : "No conversations yet. What visitors ask the chat assistant appears here."}
        </ListEmpty>
      )}
      {list.status === "ready" && list.items.length > 0 && (
        <ul aria-label="Conversations" className="divide-y divide-slate-200 border-t border-slate-200">
          {list.items.map((conversation) => (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
              onOpen={() => setOpenId(conversation.id)}
            />
          ))}
        </ul>
      )}
      {list.status === "ready" && list.pages > 1 && (
        <Pager
          label="Conversation pages"
          page={list.page}
          pages={list.pages}
          onPage={(page) => {
            list.goToPage(page);
            showListTop(listTop.current);
          }}
          className="border-slate-200 px-4 py-4 sm:px-6"
        />
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
          <LanguageName locale={conversation.locale} />
          {conversation.unanswered > 0 && (
            <Badge variant="warning">{plural(conversation.unanswered, "unanswered", "unanswered")}</Badge>
          )}
        </p>
      </div>
    </li>
  );
}
