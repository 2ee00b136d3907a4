import { Bot } from "#app/components/site/icons/bot.ts";
import { LoaderCircle } from "#app/components/site/icons/loader-circle.ts";
import { SendHorizontal } from "#app/components/site/icons/send-horizontal.ts";
import { UsersRound } from "#app/components/site/icons/users-round.ts";
import { X } from "#app/components/site/icons/x.ts";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { CHAT_LIMITS, publicChatSettingsSchema, type PublicChatSettings } from "#content/chat.ts";
import { CHAT_RETENTION_DEFAULT_DAYS } from "#content/conversations.ts";
import { format } from "#content/i18n/format.ts";
import type { Locale } from "#content/locales.ts";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { askAssistant, ChatRefusal } from "./ask-assistant.ts";
import { ChatSources } from "./chat-sources.tsx";
import { HandoffForm } from "./handoff-form.tsx";
import { HandoffOffer } from "./handoff-offer.tsx";
import { SuggestedQuestions } from "./suggested-questions.tsx";
import { useHandoff } from "./use-handoff.ts";
import { CHAT_CONVERSATION_KEY, CHAT_STORAGE_KEY, type ChatMessage } from "./chat-types.ts";

const newId = () => (typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

function readStored(): ChatMessage[] | undefined {
  try {
    const raw = sessionStorage.getItem(CHAT_STORAGE_KEY);
    const messages = raw ? (JSON.parse(raw) as ChatMessage[]) : undefined;
    return Array.isArray(messages) && messages.length > 0 ? messages.filter((m) => m.text !== "") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the panel shows from the AI settings (GET /api/chat/settings), in the
 * page's language: the greeting (`defaultGreeting` when blank), how long
 * chats are kept, the suggested questions; the defaults when they cannot be read.
 */
async function fetchChatSettings(locale: Locale, defaultGreeting: string): Promise<PublicChatSettings> {
  const fallback = {
    greeting: defaultGreeting,
    chatRetentionDays: CHAT_RETENTION_DEFAULT_DAYS,
    suggestedQuestions: [],
  };
  try {
    const response = await fetch(`/api/chat/settings?locale=${locale}`, { headers: { Accept: "application/json" } });
    const settings = publicChatSettingsSchema.safeParse(await response.json());
    if (!response.ok || !settings.success) return fallback;
    return { ...settings.data, greeting: settings.data.greeting.trim() ? settings.data.greeting : fallback.greeting };
  } catch {
    return fallback;
  }
}

function readConversation(): string | null {
  try {
    return sessionStorage.getItem(CHAT_CONVERSATION_KEY);
  } catch {
    return null;
  }
}

function keepConversation(id: string) {
  try {
    sessionStorage.setItem(CHAT_CONVERSATION_KEY, id);
  } catch {
    // Storage unavailable: the next question starts a new conversation.
  }
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/**
 * The chat panel (docs/product.md §2): a non-modal dialog with the conversation, a
 * spinner while waiting, and a text box where Enter sends and Shift+Enter
 * starts a new line. Loaded lazily by ChatLauncher; stays mounted once opened,
 * so a reply keeps streaming while the panel is closed.
 */
export default function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => readStored() ?? []);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const locale = useLocale();
  const { chat } = useMessages();

  const [retentionDays, setRetentionDays] = useState<number | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const conversation = useRef<string | null>(null);
  const handoff = useHandoff(
    messages,
    useCallback(
      (thanks: string) =>
        setMessages((current) => [...current, { id: newId(), sender: "ai", text: thanks, timestamp: Date.now() }]),
      [],
    ),
  );
  const { offer: offerTeam, withdraw: withdrawOffer } = handoff;

  // Once: the greeting (shown the first time) and how long chats are kept, from the AI settings.
  useEffect(() => {
    conversation.current = readConversation();
    let cancelled = false;
    void fetchChatSettings(locale, chat.greeting).then(({ greeting, chatRetentionDays, suggestedQuestions }) => {
      if (cancelled) return;
      setRetentionDays(chatRetentionDays);
      setSuggestions(suggestedQuestions);
      setMessages((current) =>
        current.length > 0 ? current : [{ id: "greeting", sender: "ai", text: greeting, timestamp: Date.now() }],
      );
    });
    return () => {
      cancelled = true;
    };
    // Once in practice: the page's language changes only with a full page load.
  }, [locale, chat.greeting]);

  useEffect(() => {
    if (pending) return;
    try {
      sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(messages));
    } catch {
      // Storage full or unavailable: the conversation still works in this page.
    }
  }, [messages, pending]);

  // Back to the message box when the panel opens and when the "Talk to the team" form closes.
  useEffect(() => {
    if (open && !handoff.formOpen) inputRef.current?.focus();
  }, [open, handoff.formOpen]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, pending, handoff.offered, handoff.formOpen]);

  /** Sends what was typed, or a suggested question. */
  const send = useCallback(
    async (asked?: string) => {
      const text = (asked ?? draft).trim();
      if (!text || pending) return;
      withdrawOffer();
      const history = messages.filter((m) => m.id !== "greeting" && m.text !== chat.apology);
      const replyId = newId();
      if (asked === undefined) setDraft("");
      setPending(true);
      setMessages((current) => [
        ...current,
        { id: newId(), sender: "user", text, timestamp: Date.now() },
        { id: replyId, sender: "ai", text: "", timestamp: Date.now() },
      ]);
      const update = (change: (message: ChatMessage) => ChatMessage) =>
        setMessages((current) => current.map((message) => (message.id === replyId ? change(message) : message)));
      try {
        await askAssistant(
          text,
          history,
          (piece) => update((message) => ({ ...message, text: message.text + piece })),
          {
            conversation: {
              id: conversation.current,
              onStarted: (id) => {
                conversation.current = id;
                keepConversation(id);
              },
            },
            onSources: (sources) => update((message) => ({ ...message, sources })),
            onHandoff: offerTeam,
          },
        );
      } catch (error) {
        const failure = error instanceof ChatRefusal ? error.message : chat.apology;
        setMessages((current) => {
          const reply = current.find((message) => message.id === replyId);
          // Keep whatever part of the answer arrived; say what went wrong after it.
          if (reply?.text) return [...current, { id: newId(), sender: "ai", text: failure, timestamp: Date.now() }];
          return current.map((message) =>
            message.id === replyId ? { ...message, text: failure, timestamp: Date.now() } : message,
          );
        });
      } finally {
        setPending(false);
      }
    },
    [draft, pending, messages, withdrawOffer, offerTeam, chat.apology],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const waiting = pending && messages.at(-1)?.text === "";
  const asked = messages.some((message) => message.sender === "user");
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
            {chat.name}
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
            <div
              key={message.id}
              className={`flex flex-col ${message.sender === "user" ? "items-end" : "items-start"}`}
            >
              <p className="sr-only">
                {message.sender === "user" ? chat.youSaid : format(chat.assistantSaid, { name: chat.name })}
              </p>
              <div
                className={`max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-6 whitespace-pre-wrap break-words ${
                  message.sender === "user"
                    ? "rounded-br-md bg-brand-600 text-white"
                    : "rounded-bl-md bg-white/10 text-slate-100 ring-1 ring-white/10"
                }`}
              >
                {message.text}
              </div>
              {message.sources && <ChatSources sources={message.sources} onFollow={closeOnPhone} />}
              <time dateTime={new Date(message.timestamp).toISOString()} className="mt-1 px-1 text-xs text-slate-400">
                {timeFormat.format(message.timestamp)}
              </time>
            </div>
          ),
        )}
        {!asked && <SuggestedQuestions questions={suggestions} disabled={pending} onAsk={(q) => void send(q)} />}
        {handoff.offered && !pending && <HandoffOffer onAccept={handoff.open} />}
        {waiting && (
          <div role="status" className="flex items-center gap-2 text-sm text-slate-300">
            <span className="inline-flex items-center gap-2 rounded-2xl rounded-bl-md bg-white/10 px-3.5 py-2.5 ring-1 ring-white/10">
              <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
              {chat.thinking}
            </span>
          </div>
        )}
      </div>

      {handoff.formOpen ? (
        <HandoffForm
          sending={handoff.sending}
          errors={handoff.errors}
          onSend={(fields) => void handoff.send(fields)}
          onCancel={handoff.close}
        />
      ) : (
        <>
          <div className="flex items-start gap-3 border-t border-white/10 bg-brand-950/60 px-4 pt-2 text-xs text-slate-300">
            <p className="min-w-0 flex-1">
              {retentionDays !== null &&
                (retentionDays === 1 ? chat.retentionOne : format(chat.retentionMany, { days: retentionDays }))}
            </p>
            <button
              type="button"
              onClick={handoff.open}
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
              void send();
            }}
          >
            <label htmlFor={`${titleId}-input`} className="sr-only">
              {chat.inputLabel}
            </label>
            <textarea
              ref={inputRef}
              id={`${titleId}-input`}
              rows={2}
              value={draft}
              maxLength={CHAT_LIMITS.message}
              onChange={(event) => setDraft(event.target.value)}
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
      )}
    </div>
  );
}
