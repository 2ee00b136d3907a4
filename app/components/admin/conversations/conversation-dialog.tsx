import { MessageSquarePlus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ASSISTANT_NAME } from "#content/constants.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { Conversation } from "#content/conversations.ts";
import { newAnswerEntry } from "#content/rules.ts";
import type { AnswersContent } from "#content/schemas.ts";
import { ANSWERS_KEY, documents } from "#content/sections.ts";
import { FOCUS_ANSWER_PARAM, SECTION_PARAM, TAB_PARAM } from "../admin-links.ts";
import { loadConversation } from "../data/admin-api.ts";
import { useEditorLanguage } from "../data/editor-language.ts";
import { documentRef } from "../data/record-ref.ts";
import { useRecordEditor } from "../data/use-record-editor.ts";
import { formatWhen } from "../format.ts";
import { LanguageName } from "./language-name.tsx";

const ENGLISH_ANSWERS = documentRef(ANSWERS_KEY);

/**
 * "Add an answer" beside an unanswered question (issue 41 item 3): a new entry of the Answers
 * with the question as the visitor asked it, in the English Answers (every entry is made in
 * English, which its translations follow; a question asked in Sinhala or Tamil is kept as typed,
 * so the team can answer it and write its English and translations), shown with its answer field
 * focused. Nothing is saved until "Save Answers". Null for an account that may not edit them.
 */
function useAddAnswer(onAdded: () => void): ((question: string) => void) | null {
  const answers = useRecordEditor<AnswersContent>(ENGLISH_ANSWERS);
  const [, setLanguage] = useEditorLanguage();
  const [, setParams] = useSearchParams();
  if (!answers) return null;
  return (question) => {
    // The new entry's stored position: appended to the draft.
    const position = answers.draft.answers.length;
    answers.updateDraft((draft) => ({
      ...draft,
      answers: [...draft.answers, newAnswerEntry(draft.answers, question)],
    }));
    setLanguage("en");
    setParams(
      (params) => {
        params.set(TAB_PARAM, documents[ANSWERS_KEY].tab);
        params.set(SECTION_PARAM, ANSWERS_KEY);
        params.set(FOCUS_ANSWER_PARAM, String(position));
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
    onAdded();
  };
}

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
  // Closing to answer a question: focus goes to the new answer, not back to the list.
  const answering = useRef(false);
  const addAnswer = useAddAnswer(() => {
    answering.current = true;
    onClose();
  });

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
          onCloseAutoFocus={(event) => {
            if (answering.current) event.preventDefault();
            answering.current = false;
          }}
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
                    {message.sender === "user" && message.fromAnswers && <Badge>From Answers</Badge>}
                  </span>
                  <p
                    className={cn(
                      "max-w-[90%] rounded-2xl px-3.5 py-2.5 text-sm leading-6 break-words whitespace-pre-wrap",
                      message.sender === "user" ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900",
                    )}
                  >
                    {message.text}
                  </p>
                  {message.sender === "user" && message.answered === false && addAnswer && (
                    <Button variant="outline" size="sm" onClick={() => addAnswer(message.text)}>
                      <MessageSquarePlus aria-hidden="true" />
                      Add an answer
                    </Button>
                  )}
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
