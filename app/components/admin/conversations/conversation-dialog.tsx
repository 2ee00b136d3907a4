import { Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { ASSISTANT_NAME } from "#content/constants.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { Conversation } from "#content/conversations.ts";
import { loadConversation } from "../data/admin-api.ts";
import { formatWhen } from "../format.ts";
import { LanguageName } from "./language-name.tsx";

/** One conversation as a transcript: who said what, when, and which questions went unanswered. */
export function ConversationDialog({
  id,
  onClose,
  onDelete,
}: {
  id: string | null;
  onClose: () => void;
  onDelete: (id: string) => Promise<void>;
}) {
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setConversation(null);
    setError(null);
    if (!id) return;
    let current = true;
    loadConversation(id).then(
      (loaded) => current && setConversation(loaded),
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [id]);

  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      {id && (
        <DialogContent
          title="Conversation"
          description={
            conversation ? (
              <>
                Started {formatWhen(conversation.startedAt)} on {conversation.page}, in{" "}
                <LanguageName locale={conversation.locale} />
              </>
            ) : (
              "Loading the transcript"
            )
          }
          className="sm:max-w-2xl"
        >
          {!conversation && !error && (
            <p className="flex items-center gap-2 py-6 text-sm text-slate-600" role="status">
              <Spinner />
              Loading conversation…
            </p>
          )}
          {error && <FormAlert look="panel">Could not load the conversation: {error}</FormAlert>}
          {conversation && (
            <ol
              aria-label="Transcript"
              // Scrollable, so reachable by keyboard.
              tabIndex={0}
              className="grid max-h-[55dvh] gap-3 overflow-y-auto rounded-lg pr-1 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              {conversation.messages.map((message, index) => (
                <li
                  key={index}
                  className={cn("grid gap-1", message.sender === "user" ? "justify-items-end" : "justify-items-start")}
                >
                  <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    {message.sender === "user" ? "Visitor" : ASSISTANT_NAME}
                    <time dateTime={message.at}>{formatWhen(message.at)}</time>
                    {message.sender === "user" && message.answered === false && (
                      <Badge variant="warning">Unanswered</Badge>
                    )}
                  </span>
                  <p
                    className={cn(
                      "max-w-[90%] rounded-2xl px-3.5 py-2.5 text-sm leading-6 break-words whitespace-pre-wrap",
                      message.sender === "user" ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900",
                    )}
                  >
                    {message.text}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <DialogFooter className="sm:justify-between">
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              disabled={busy || !conversation}
              onClick={() => {
                setBusy(true);
                void onDelete(id).finally(() => setBusy(false));
              }}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
