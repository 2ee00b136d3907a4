import { useCallback, useEffect, useRef, useState } from "react";
import { useLocale } from "#app/lib/i18n.ts";
import { askAssistant, ChatRefusal } from "./ask-assistant.ts";
import { fetchChatSettings } from "./chat-settings.ts";
import { keepConversation, newMessageId, readConversation, readStoredMessages, storeMessages } from "./chat-storage.ts";
import type { ChatMessage } from "./chat-types.ts";
import { useHandoff } from "./use-handoff.ts";
import { useChatMessages } from "./chat-messages.ts";

/**
 * The chat's conversation (docs/product.md §2 "Chat widget"): the messages (kept in the tab, the
 * greeting first), what is typed, asking a question and streaming its answer in, what the AI
 * settings say (how long chats are kept, the suggested questions), and passing the conversation
 * to the team (./use-handoff.ts).
 */
export function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>(() => readStoredMessages() ?? []);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  const locale = useLocale();
  const chat = useChatMessages();

  const [retentionDays, setRetentionDays] = useState<number | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const conversation = useRef<string | null>(null);
  const handoff = useHandoff(
    messages,
    useCallback(
      (thanks: string) =>
        setMessages((current) => [
          ...current,
          { id: newMessageId(), sender: "ai", text: thanks, timestamp: Date.now() },
        ]),
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
    if (!pending) storeMessages(messages);
  }, [messages, pending]);

  /** Sends what was typed, or a suggested question. */
  const send = useCallback(
    async (asked?: string) => {
      const text = (asked ?? draft).trim();
      if (!text || pending) return;
      withdrawOffer();
      const history = messages.filter((m) => m.id !== "greeting" && m.text !== chat.apology);
      const replyId = newMessageId();
      if (asked === undefined) setDraft("");
      setPending(true);
      setMessages((current) => [
        ...current,
        { id: newMessageId(), sender: "user", text, timestamp: Date.now() },
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
          if (reply?.text)
            return [...current, { id: newMessageId(), sender: "ai", text: failure, timestamp: Date.now() }];
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

  return {
    messages,
    draft,
    setDraft,
    pending,
    retentionDays,
    suggestions,
    handoff,
    send,
  };
}
