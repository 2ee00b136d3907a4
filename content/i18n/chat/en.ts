import type { Strings } from "../en.ts";

/**
 * The chat panel's own strings in English (docs/product.md §2 "Chat widget"),
 * apart from the page's (../en.ts) so that a page does not carry them: the
 * panel loads its language's catalog with its code, on first use
 * (app/components/chat/chat-messages.ts). The launcher's label, on every page,
 * is the page's `chat.name`; what the server says of a refused lead is
 * ../server/en.ts. The other languages' files are typed by `ChatMessages`.
 */
export const en = {
  subtitle: "Ask us anything about our services",
  close: "Close chat",
  conversation: "Conversation",
  youSaid: "You said:",
  assistantSaid: "{name} said:",
  thinking: "Thinking…",
  retentionOne: "Chats are kept for 1 day so we can improve our answers.",
  retentionMany: "Chats are kept for {days} days so we can improve our answers.",
  talkToTeam: "Talk to the team",
  inputLabel: "Type your message",
  placeholder: "Type your message...",
  send: "Send message",
  /** docs/product.md §8: what the assistant says when a reply fails. */
  apology: "I apologize, but I'm having trouble responding right now. Please try again later or contact us directly.",
  /** The greeting when the AI settings cannot be read. */
  greeting: "Welcome! How can I help you today?",
  sources: "Sources:",
  suggestedQuestions: "Suggested questions",
  offer: "Would you like our team to get back to you?",
  leaveDetails: "Leave my details",
  lead: {
    title: "Talk to the team",
    intro: "Leave your name and email and we will get back to you within 24 hours. We pass on this conversation too.",
    name: "Name",
    email: "Email",
    note: "Note",
    optional: "Optional",
    notePlaceholder: "What should we know before we reply?",
    honeypot: "Leave this field empty",
    cancel: "Cancel",
    send: "Send",
    sending: "Sending...",
    thanks:
      "Thank you, {name}. Our team has your details and this conversation, and will get back to you within 24 hours.",
    /** When the server was not reached, or its answer said nothing a visitor can read (app/lib/api.ts). */
    networkError: "The server could not be reached. Check your connection and try again.",
    unreadable: "The server's answer could not be read. Please try again.",
    serverAnswered: "The server answered {status}.",
  },
} as const;

/** The chat panel's strings of one language: the shape of `en`, every leaf a string. */
export type ChatMessages = Strings<typeof en>;
