import { MessageCircle } from "#app/components/site/icons/message-circle.ts";
import { X } from "#app/components/site/icons/x.ts";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { loadChatMessages } from "./chat-messages.ts";
import { CHAT_STORAGE_KEY } from "./chat-types.ts";

// The server never renders the panel; keeping the import out of the server
// build also keeps that bundle a single file.
const loadPanel = () =>
  import.meta.env.SSR
    ? Promise.reject(new Error("the chat panel renders in the browser only"))
    : import("./chat-panel.tsx");
const ChatPanel = lazy(loadPanel);

const OPEN_KEY = `${CHAT_STORAGE_KEY}:open`;

/**
 * The assistant's button, on every page (mounted in the root layout so the
 * conversation survives navigation). The panel's code and its strings in the
 * page's language (./chat-messages.ts) load on first use, from when the
 * visitor points at the button or tabs to it.
 */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const { chat } = useMessages();
  const locale = useLocale();
  const preload = () => {
    void loadPanel();
    void loadChatMessages(locale);
  };

  // Reopen after a reload if the visitor left the panel open.
  useEffect(() => {
    if (sessionStorage.getItem(OPEN_KEY) === "1") {
      setLoaded(true);
      setOpen(true);
    }
  }, []);

  useEffect(() => {
    try {
      if (open) sessionStorage.setItem(OPEN_KEY, "1");
      else sessionStorage.removeItem(OPEN_KEY);
    } catch {
      // Storage may be unavailable (private mode); the chat still works.
    }
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);

  return (
    <>
      {loaded && (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={close} />
        </Suspense>
      )}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={loaded ? "chat-panel" : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setLoaded(true);
          if (open) close();
          else setOpen(true);
        }}
        // On phones a round icon button (named for screen readers) keeps the page
        // and the admin's fields uncovered; from 768 px it also shows its name.
        className={`fixed right-4 bottom-4 z-40 size-14 items-center justify-center gap-2.5 rounded-full bg-gradient-to-r from-brand-600 to-brand-500 text-sm font-semibold text-white shadow-lg ring-1 shadow-brand-950/60 ring-white/20 transition hover:from-brand-500 hover:to-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white motion-reduce:transition-none md:right-6 md:bottom-6 md:size-auto md:py-3 md:pr-5 md:pl-4 ${open ? "hidden md:inline-flex" : "inline-flex"}`}
      >
        {open ? (
          <X aria-hidden="true" className="size-6 md:size-5" />
        ) : (
          <MessageCircle aria-hidden="true" className="size-6 md:size-5" />
        )}
        <span className="sr-only md:not-sr-only">{chat.name}</span>
      </button>
    </>
  );
}
