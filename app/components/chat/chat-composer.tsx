import { LoaderCircle } from "#app/components/site/icons/loader-circle.ts";
import { SendHorizontal } from "#app/components/site/icons/send-horizontal.ts";
import { UsersRound } from "#app/components/site/icons/users-round.ts";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { CHAT_LIMITS } from "#content/chat.ts";
import { format } from "#content/i18n/format.ts";
import { useChatMessages } from "./chat-messages.ts";

/**
 * Under the conversation: how long chats are kept, "Talk to the team", and the text box with its
 * send button (a spinner while the answer comes). Enter sends, Shift+Enter starts a new line. The
 * text box takes the focus when the panel opens, and again when the lead form gives way to it.
 */
export function ChatComposer({
  id,
  open,
  draft,
  onDraft,
  pending,
  retentionDays,
  onSend,
  onTalkToTeam,
}: {
  /** The text box's id. */
  id: string;
  /** The panel is open. */
  open: boolean;
  draft: string;
  onDraft: (draft: string) => void;
  pending: boolean;
  /** How long chats are kept, once the settings are read. */
  retentionDays: number | null;
  onSend: () => void;
  onTalkToTeam: () => void;
}) {
  const chat = useChatMessages();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  };

  return (
    <>
      <div className="flex items-start gap-3 border-t border-white/10 bg-brand-950/60 px-4 pt-2 text-xs text-slate-300">
        <p className="min-w-0 flex-1">
          {retentionDays !== null &&
            (retentionDays === 1 ? chat.retentionOne : format(chat.retentionMany, { days: retentionDays }))}
        </p>
        <button
          type="button"
          onClick={onTalkToTeam}
          className="inline-flex shrink-0 items-center gap-1 rounded font-medium text-brand-100 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white"
        >
          <UsersRound aria-hidden="true" className="size-3.5" />
          {chat.talkToTeam}
        </button>
      </div>
      <form
        className="flex items-end gap-2 bg-brand-950/60 p-3 pt-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSend();
        }}
      >
        <label htmlFor={id} className="sr-only">
          {chat.inputLabel}
        </label>
        <textarea
          ref={inputRef}
          id={id}
          rows={2}
          value={draft}
          maxLength={CHAT_LIMITS.message}
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={chat.placeholder}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-xl bg-white/10 px-3 py-2.5 text-sm text-white ring-1 ring-white/15 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-300 focus:outline-none"
        />
        <button
          type="submit"
          aria-label={chat.send}
          disabled={pending || draft.trim() === ""}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-rose-600 text-white shadow transition hover:bg-rose-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:bg-white/10 disabled:text-slate-400 motion-reduce:transition-none"
        >
          {pending ? (
            <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />
          ) : (
            <SendHorizontal aria-hidden="true" className="size-5" />
          )}
        </button>
      </form>
    </>
  );
}
