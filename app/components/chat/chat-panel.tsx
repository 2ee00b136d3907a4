import { Bot, Loader2, SendHorizontal, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { ASSISTANT_NAME, DEFAULT_GREETING } from "#content/constants.ts";
import { askAssistant, ChatRefusal } from "./ask-assistant.ts";
import { ChatSources } from "./chat-sources.tsx";
import { CHAT_RETENTION_DEFAULT_DAYS } from "#content/conversations.ts";
import {
  CHAT_APOLOGY,
  CHAT_CONVERSATION_KEY,
  CHAT_MAX_LENGTH,
  CHAT_STORAGE_KEY,
  type ChatMessage,
} from "./chat-types.ts";

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

/** What the panel shows from the AI settings: the greeting and how long chats are kept. */
interface ChatSettings {
  greeting: string;
  retentionDays: number;
}

async function fetchChatSettings(): Promise<ChatSettings> {
  const fallback = { greeting: DEFAULT_GREETING, retentionDays: CHAT_RETENTION_DEFAULT_DAYS };
  try {
    const response = await fetch("/api/ai-settings", { headers: { Accept: "application/json" } });
    const body = (await response.json()) as Record<string, unknown> & { data?: Record<string, unknown> };
    const settings = body.data ?? body;
    const greeting = settings["greeting"];
    const days = settings["chatRetentionDays"];
    return {
      greeting: typeof greeting === "string" && greeting.trim() ? greeting : fallback.greeting,
      retentionDays: typeof days === "number" ? days : fallback.retentionDays,
    };
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

  const [retentionDays, setRetentionDays] = useState<number | null>(null);
  const conversation = useRef<string | null>(null);

  // Once: the greeting (shown the first time) and how long chats are kept, from the AI settings.
  useEffect(() => {
    conversation.current = readConversation();
    let cancelled = false;
    void fetchChatSettings().then(({ greeting, retentionDays }) => {
      if (cancelled) return;
      setRetentionDays(retentionDays);
      setMessages((current) =>
        current.length > 0 ? current : [{ id: "greeting", sender: "ai", text: greeting, timestamp: Date.now() }],
      );
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (pending) return;
    try {
      sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(messages));
    } catch {
      // Storage full or unavailable: the conversation still works in this page.
    }
  }, [messages, pending]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, pending]);

  const send = useCallback(async () => {
    const text = draft.trim();
    if (!text || pending) return;
    const history = messages.filter((m) => m.id !== "greeting" && m.text !== CHAT_APOLOGY);
    const replyId = newId();
    setDraft("");
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
        undefined,
        {
          id: conversation.current,
          onStarted: (id) => {
            conversation.current = id;
            keepConversation(id);
          },
        },
        (sources) => update((message) => ({ ...message, sources })),
      );
    } catch (error) {
      const failure = error instanceof ChatRefusal ? error.message : CHAT_APOLOGY;
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
  }, [draft, pending, messages]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const waiting = pending && messages.at(-1)?.text === "";
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
            {ASSISTANT_NAME}
          </h2>
          <p className="flex items-center gap-1.5 text-xs text-brand-100">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-400" />
            Ask us anything about our services
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="inline-flex size-9 items-center justify-center rounded-lg text-brand-50 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        className="flex-1 space-y-4 overflow-y-auto overscroll-contain px-4 py-4"
      >
        {messages.map((message) =>
          message.text === "" ? null : (
            <div
              key={message.id}
              className={`flex flex-col ${message.sender === "user" ? "items-end" : "items-start"}`}
            >
              <p className="sr-only">{message.sender === "user" ? "You said:" : `${ASSISTANT_NAME} said:`}</p>
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
        {waiting && (
          <div role="status" className="flex items-center gap-2 text-sm text-slate-300">
            <span className="inline-flex items-center gap-2 rounded-2xl rounded-bl-md bg-white/10 px-3.5 py-2.5 ring-1 ring-white/10">
              <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
              Thinking…
            </span>
          </div>
        )}
      </div>

      {retentionDays !== null && (
        <p className="border-t border-white/10 bg-brand-950/60 px-4 pt-2 text-xs text-slate-300">
          Chats are kept for {retentionDays === 1 ? "1 day" : `${retentionDays} days`} so we can improve our answers.
        </p>
      )}
      <form
        className={`flex items-end gap-2 bg-brand-950/60 p-3 ${retentionDays === null ? "border-t border-white/10" : "pt-2"}`}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor={`${titleId}-input`} className="sr-only">
          Type your message
        </label>
        <textarea
          ref={inputRef}
          id={`${titleId}-input`}
          rows={2}
          value={draft}
          maxLength={CHAT_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type your message..."
          className="max-h-32 min-h-11 flex-1 resize-none rounded-xl bg-white/10 px-3 py-2.5 text-sm text-white ring-1 ring-white/15 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-300 focus:outline-none"
        />
        <button
          type="submit"
          aria-label="Send message"
          disabled={pending || draft.trim() === ""}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-rose-600 text-white shadow transition hover:bg-rose-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:bg-white/10 disabled:text-slate-400 motion-reduce:transition-none"
        >
          {pending ? (
            <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
          ) : (
            <SendHorizontal aria-hidden="true" className="size-5" />
          )}
        </button>
      </form>
    </div>
  );
}
