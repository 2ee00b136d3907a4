import { Suspense, lazy, useEffect, useId, useLayoutEffect, useRef } from "react";
import { ArrowLeft } from "#app/components/site/icons/arrow-left.ts";
import { X } from "#app/components/site/icons/x.ts";
import type { BlogReaderPost } from "./blog-reader-text.tsx";
import { useMessages } from "#app/lib/i18n.ts";

export type { BlogReaderPost };

type TextCode = typeof import("./blog-reader-text.tsx");
let textCode: TextCode | undefined;

/**
 * The post's cover, date, title and text (./blog-reader-text.tsx): the server draws them, and their
 * code comes after the page's own (decision 007); React keeps the server's HTML until it is there.
 * The server has it before its first render (one that suspended would send the text apart from the
 * page). A client-side navigation to a post loads it beside the post's data (blog-post.tsx), so the
 * reader never opens empty.
 */
export const loadReaderText = () => import("./blog-reader-text.tsx").then((module) => (textCode = module));
if (import.meta.env.SSR) void loadReaderText();
const ReaderText = lazy(() => {
  const component = (module: TextCode) => ({ default: module.BlogReaderText });
  if (!textCode) return loadReaderText().then(component);
  // Here already: drawn without suspending (a thenable that answers at once).
  const now = component(textCode);
  return { then: (resolve: (value: typeof now) => void) => resolve(now) } as Promise<typeof now>;
});

// useLayoutEffect warns when rendered on the server; this runs only in the browser.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The full-screen reader over the blog list: the platform's modal `<dialog>`,
 * labelled by the post title. It is server-rendered open (so a post's own
 * address arrives with its text), becomes modal once the page runs, takes focus
 * to its Close button, keeps Tab inside, and closes on Esc or either close
 * button. Back on the list, focus returns to the card that was read.
 */
export function BlogReader({ post, onClose }: { post: BlogReaderPost; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const { blog } = useMessages();

  useBrowserLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Rendered with `open` (non-modal) by the server: reopen it as a modal so the
    // page behind becomes inert and the dialog sits in the top layer.
    if (dialog.open) dialog.close();
    dialog.showModal();
    closeRef.current?.focus();
    return () => {
      // Leave the top layer first: while the dialog is modal the list is inert.
      dialog.close();
      const card = document.querySelector<HTMLElement>(`[data-post-link="${CSS.escape(post.slug)}"]`);
      card?.focus({ preventScroll: true });
    };
  }, [post.slug]);

  function keepTabInside(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const tabbables = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
    const first = tabbables[0];
    const last = tabbables.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const closeButton =
    "inline-flex items-center gap-2 rounded-full font-semibold text-white transition focus-visible:outline-2 focus-visible:outline-offset-2";

  return (
    <dialog
      ref={dialogRef}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Esc: leave through the router, like the buttons, rather than only hiding the dialog.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={keepTabInside}
      className="fixed inset-0 z-50 m-0 h-full max-h-none w-full max-w-none overflow-y-auto overscroll-contain border-0 bg-linear-to-br from-brand-950 via-[#0c2249] to-[#112b5e] p-0 text-inherit outline-none transition duration-300 ease-out backdrop:bg-brand-950 starting:translate-y-3 starting:opacity-0 motion-reduce:transition-none"
    >
      <div className="sticky top-0 z-10 border-b border-white/10 bg-brand-950/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-5">
          <p className="truncate text-sm font-medium uppercase tracking-widest text-brand-300">{blog.readerKicker}</p>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className={`${closeButton} shrink-0 bg-white/10 px-4 py-2 text-sm ring-1 ring-white/15 hover:bg-white/20 focus-visible:outline-brand-300`}
          >
            <X aria-hidden="true" className="size-4" />
            {blog.close}
          </button>
        </div>
      </div>
      <article className="mx-auto max-w-3xl px-5 pb-24 pt-8 sm:pt-12">
        <Suspense fallback={null}>
          <ReaderText post={post} titleId={titleId} />
        </Suspense>
        <div className="mt-14 border-t border-white/10 pt-8">
          <button
            type="button"
            onClick={onClose}
            className={`${closeButton} bg-rose-600 px-6 py-3 shadow-lg shadow-rose-900/30 hover:bg-rose-500 focus-visible:outline-rose-300`}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {blog.backToArticles}
          </button>
        </div>
      </article>
    </dialog>
  );
}
