import { LoaderCircle } from "#app/components/site/icons/loader-circle.ts";
import { useEffect, useRef } from "react";
import { format } from "#content/i18n/format.ts";
import { useMessages } from "#app/lib/i18n.ts";
import { ChatSources } from "./chat-sources.tsx";
import type { ChatMessage } from "./chat-types.ts";
import { HandoffOffer } from "./handoff-offer.tsx";
import { SuggestedQuestions } from "./suggested-questions.tsx";
import { useChatMessages } from "./chat-messages.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/**
 * The conversation, a live log: each message with who said it (for screen readers), its time and
 * an answer's sources; the suggested questions until the visitor asks, the offer to pass the
 * conversation to the team, and "Thinking…" while the answer has not started. The newest line
 * stays in view as lines come, and when the lead form opens or closes under the log.
 */
export function ChatMessageList({
  messages,
  pending,
  suggestions,
  offered,
  formOpen,
  onAsk,
  onAcceptOffer,
  onFollowSource,
}: {
  messages: readonly ChatMessage[];
  /** A question is being answered. */
  pending: boolean;
  suggestions: readonly string[];
  /** The server offered the team after the last answer. */
  offered: boolean;
  formOpen: boolean;
  onAsk: (question: string) => void;
  onAcceptOffer: () => void;
  onFollowSource: () => void;
}) {
  const chat = useChatMessages();
  const { name } = useMessages().chat;
  const logRef = useRef<HTMLDivElement>(null);
  const waiting = pending && messages.at(-1)?.text === "";
  const asked = messages.some((message) => message.sender === "user");

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, pending, offered, formOpen]);

  return (
    <div
      ref={logRef}
      role="log"
      aria-live="polite"
      aria-label={chat.conversation}
      // Reachable by keyboard, so a long conversation scrolls without a mouse.
      tabIndex={0}
      className="flex-1 space-y-4 overflow-y-auto overscroll-contain px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-300"
    >
      {messages.map((message) =>
        message.text === "" ? null : (
          <div key={message.id} className={`flex flex-col ${message.sender === "user" ? "items-end" : "items-start"}`}>
            <p className="sr-only">{message.sender === "user" ? chat.youSaid : format(chat.assistantSaid, { name })}</p>
            <div
              className={`max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-6 whitespace-pre-wrap break-words ${
                message.sender === "user"
                  ? "rounded-br-md bg-brand-600 text-white"
                  : "rounded-bl-md bg-white/10 text-slate-100 ring-1 ring-white/10"
              }`}
            >
              {message.text}
            </div>
            {message.sources && <ChatSources sources={message.sources} onFollow={onFollowSource} />}
            <time dateTime={new Date(message.timestamp).toISOString()} className="mt-1 px-1 text-xs text-slate-400">
              {timeFormat.format(message.timestamp)}
            </time>
          </div>
        ),
      )}
      {!asked && <SuggestedQuestions questions={suggestions} disabled={pending} onAsk={onAsk} />}
      {offered && !pending && <HandoffOffer onAccept={onAcceptOffer} />}
      {waiting && (
        <div role="status" className="flex items-center gap-2 text-sm text-slate-300">
          <span className="inline-flex items-center gap-2 rounded-2xl rounded-bl-md bg-white/10 px-3.5 py-2.5 ring-1 ring-white/10">
            <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
            {chat.thinking}
          </span>
        </div>
      )}
    </div>
  );
}
