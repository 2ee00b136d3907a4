import { X } from "#app/components/site/icons/x.ts";
import { useEffect, useRef, useState } from "react";
import { SITE_NAME } from "#content/constants.ts";
import { format } from "#content/i18n/format.ts";
import { useMessages } from "#app/lib/i18n.ts";

/** docs/product.md §9: the welcome popup appears 1.5 s after the home page loads. */
export const WELCOME_DELAY_MS = 1_500;

/**
 * The home page's welcome popup with the assistant's greeting. A native modal
 * <dialog> moves focus in, keeps the rest of the page inert and closes on Esc;
 * the close button and a click on the backdrop close it too. `greetingLang`:
 * "en" while the greeting is shown in English on a page in another language.
 */
export function WelcomePopup({ greeting, greetingLang }: { greeting: string; greetingLang: "en" | undefined }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { welcome } = useMessages();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), WELCOME_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (shown && dialog && !dialog.open) dialog.showModal();
  }, [shown]);

  if (!greeting.trim()) return null;

  return (
    <dialog
      ref={ref}
      aria-labelledby="welcome-title"
      aria-describedby="welcome-greeting"
      onClose={() => setShown(false)}
      // The dialog box is the element itself; its inner panel covers it, so a
      // click that lands on the dialog element is a click on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
      className="welcome-popup m-auto w-[min(28rem,calc(100%-2rem))] overflow-visible rounded-2xl bg-transparent p-0 text-white backdrop:bg-brand-950/70 backdrop:backdrop-blur-sm"
    >
      <div className="relative rounded-2xl bg-brand-900 p-6 shadow-2xl ring-1 shadow-black/50 ring-white/15 sm:p-8">
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label={welcome.close}
          className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-300"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        <div className="flex size-12 items-center justify-center rounded-xl bg-brand-500/15 ring-1 ring-brand-400/30">
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
        </div>
        <h2 id="welcome-title" className="mt-5 text-xl font-semibold">
          {format(welcome.title, { site: SITE_NAME })}
        </h2>
        <p id="welcome-greeting" lang={greetingLang} className="mt-3 leading-7 text-slate-300">
          {greeting}
        </p>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          className="mt-6 w-full rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
        >
          {welcome.dismiss}
        </button>
      </div>
    </dialog>
  );
}
