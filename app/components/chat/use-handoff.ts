import { useCallback, useState } from "react";
import { CHAT_LEAD_LIMITS, HONEYPOT_FIELD, type ChatLeadFieldErrors } from "#content/contact-fields.ts";
import type { ChatMessages } from "#content/i18n/chat/en.ts";
import { format } from "#content/i18n/format.ts";
import { isVariantName, VARIANT_ATTRIBUTE, type VariantName } from "#content/landing-pages.ts";
import { api, ApiError, NETWORK_ERROR, statusError, UNREADABLE_ANSWER } from "#app/lib/api.ts";
import type { ChatMessage } from "./chat-types.ts";
import { useChatMessages } from "./chat-messages.ts";

/** What the visitor typed into the "Talk to the team" form. */
export interface LeadFields {
  name: string;
  email: string;
  note: string;
  /** The hidden honeypot field (content/contact-fields.ts): empty unless a bot filled it. */
  trap: string;
}

export interface LeadErrors {
  formError?: string;
  fieldErrors?: ChatLeadFieldErrors;
}

/**
 * What went wrong sending a lead, for the visitor: the server's own words, or
 * the API helper's, which are English (#app/lib/api.ts), in the page's language.
 */
export function leadFailure(error: unknown, lead: ChatMessages["lead"]): string {
  if (!(error instanceof Error)) return String(error);
  if (!(error instanceof ApiError)) return error.message;
  if (error.message === NETWORK_ERROR) return lead.networkError;
  if (error.message === UNREADABLE_ANSWER) return lead.unreadable;
  if (error.message === statusError(error.status)) return format(lead.serverAnswered, { status: error.status });
  return error.message;
}

/** The conversation as the team will read it: what the visitor saw after the greeting, the latest messages, each cut to fit. */
/** The variant of the team page the chat is on, where it has a variant B: the lead is counted there (issue 42). */
function pageVariant(): { variant?: VariantName } {
  const variant = document.querySelector(`[${VARIANT_ATTRIBUTE}]`)?.getAttribute(VARIANT_ATTRIBUTE);
  return isVariantName(variant) ? { variant } : {};
}

function transcriptOf(messages: readonly ChatMessage[]) {
  return messages
    .filter((message) => message.id !== "greeting" && message.text.trim() !== "")
    .slice(-CHAT_LEAD_LIMITS.transcriptMessages)
    .map(({ sender, text }) => ({ sender, text: text.trim().slice(0, CHAT_LEAD_LIMITS.transcriptText) }));
}

/**
 * Passing the conversation to the team (docs/product.md §2 "Leads from the
 * chat"): whether the panel offers it (the server said so after an answer),
 * whether the form is open, and sending it to POST /api/chat/lead. A kept
 * lead closes the form and adds the thanks to the conversation.
 */
export function useHandoff(messages: readonly ChatMessage[], onSent: (thanks: string) => void) {
  const [offered, setOffered] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<LeadErrors>({});
  const { lead } = useChatMessages();

  const open = useCallback(() => {
    setOffered(false);
    setErrors({});
    setFormOpen(true);
  }, []);

  const close = useCallback(() => setFormOpen(false), []);

  const send = useCallback(
    async (fields: LeadFields) => {
      if (sending) return;
      setSending(true);
      setErrors({});
      try {
        await api<{ ok: true }>("/api/chat/lead", {
          method: "POST",
          json: {
            name: fields.name,
            email: fields.email,
            note: fields.note,
            transcript: transcriptOf(messages),
            page: window.location.pathname.slice(0, CHAT_LEAD_LIMITS.page),
            ...pageVariant(),
            [HONEYPOT_FIELD]: fields.trap,
          },
        });
        setFormOpen(false);
        // The chat's answer once a lead is kept (docs/product.md §2).
        onSent(format(lead.thanks, { name: fields.name.trim() }));
      } catch (error) {
        const body = error instanceof ApiError ? (error.body as { fieldErrors?: ChatLeadFieldErrors } | null) : null;
        setErrors({ formError: leadFailure(error, lead), fieldErrors: body?.fieldErrors ?? {} });
      } finally {
        setSending(false);
      }
    },
    [messages, onSent, sending, lead],
  );

  return {
    /** The offer shows under the latest answer until the visitor asks something else or opens the form. */
    offered,
    offer: useCallback(() => setOffered(true), []),
    withdraw: useCallback(() => setOffered(false), []),
    formOpen,
    open,
    close,
    send,
    sending,
    errors,
  };
}
