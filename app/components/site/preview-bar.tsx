import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation } from "react-router";

/** The open modal dialog, if any (the post reader, the welcome popup): it covers the page, in the top layer. */
const openModal = () => document.querySelector("dialog:modal");

/**
 * Says over the page that it is a preview of unsaved edits, not the public
 * site (root.tsx shows it on a signed-in admin's preview: server/previews/);
 * `found` false: the draft is unknown or expired, and the page shows the saved
 * content. "Exit preview" opens the page as saved. While a modal dialog is
 * open it shows inside it, or the dialog would hide it.
 */
export function PreviewBar({ found }: { found: boolean }) {
  const { pathname } = useLocation();
  const [host, setHost] = useState<Element | null>(null);

  useEffect(() => {
    const follow = () => setHost(openModal());
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { subtree: true, attributeFilter: ["open"] });
    return () => observer.disconnect();
  }, []);

  const bar = (
    <aside
      aria-label="Preview"
      className="fixed bottom-4 left-4 z-45 max-w-[calc(100%-6.5rem)] rounded-xl bg-amber-300 px-4 py-2.5 text-sm text-slate-950 shadow-lg shadow-black/40 md:bottom-6 md:left-6"
    >
      <strong>{found ? "Preview — unsaved changes, not public" : "Preview expired — this is the saved page"}</strong>{" "}
      <a
        href={pathname}
        className="ml-2 rounded underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-950"
      >
        Exit preview
      </a>
    </aside>
  );
  return host ? createPortal(bar, host) : bar;
}
