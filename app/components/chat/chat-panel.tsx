import { Bot } from "#app/components/site/icons/bot.ts";
import { X } from "#app/components/site/icons/x.ts";
import { useId } from "react";
import { useMessages } from "#app/lib/i18n.ts";
import { ChatComposer } from "./chat-composer.tsx";
import { ChatMessageList } from "./chat-message-list.tsx";
import { HandoffForm } from "./handoff-form.tsx";
import { useChat } from "./use-chat.ts";
import { useChatMessages } from "./chat-messages.ts";

/**
 * The chat panel (docs/product.md §2): a non-modal dialog with its header, the conversation
 * (./chat-message-list.tsx) with a spinner while waiting, and under it the text box
 * (./chat-composer.tsx) or the "Talk to the team" form (./handoff-form.tsx). What it does is
 * ./use-chat.ts. Loaded lazily by ChatLauncher; stays mounted once opened, so a reply keeps
 * streaming while the panel is closed.
 */
export default function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const conversation = useChat();
  const { handoff } = conversation;
  const titleId = useId();
  const chat = useChatMessages();
  const { name } = useMessages().chat;

  // Below 768 px the panel covers most of the page a source link opens.
  const closeOnPhone = () => {
    if (window.matchMedia("(max-width: 767px)").matches) onClose();
  };

  return (
    <div
      id="chat-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
      className="fixed inset-x-0 bottom-0 z-50 flex h-[70vh] w-full flex-col overflow-hidden rounded-t-2xl bg-brand-900/95 text-white shadow-2xl ring-1 shadow-black/60 ring-white/15 backdrop-blur-md md:inset-x-auto md:right-6 md:bottom-24 md:h-[500px] md:w-96 md:rounded-2xl"
    >
      <div className="flex items-center gap-3 border-b border-white/10 bg-gradient-to-r from-brand-700/80 to-brand-600/60 px-4 py-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/25">
          <Bot aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-base font-semibold">
            {name}
          </h2>
          <p className="flex items-center gap-1.5 text-xs text-brand-100">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-400" />
            {chat.subtitle}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={chat.close}
          className="inline-flex size-9 items-center justify-center rounded-lg text-brand-50 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      <ChatMessageList
        messages={conversation.messages}
        pending={conversation.pending}
        suggestions={conversation.suggestions}
        offered={handoff.offered}
        formOpen={handoff.formOpen}
        onAsk={(question) => void conversation.send(question)}
        onAcceptOffer={handoff.open}
        onFollowSource={closeOnPhone}
      />

      {handoff.formOpen ? (
        <HandoffForm
          sending={handoff.sending}
          errors={handoff.errors}
          onSend={(fields) => void handoff.send(fields)}
          onCancel={handoff.close}
        />
      ) : (
        <ChatComposer
          id={`${titleId}-input`}
          open={open}
          draft={conversation.draft}
          onDraft={conversation.setDraft}
          pending={conversation.pending}
          retentionDays={conversation.retentionDays}
          onSend={() => void conversation.send()}
          onTalkToTeam={handoff.open}
        />
      )}
    </div>
  );
}
