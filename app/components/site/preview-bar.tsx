import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../../root.tsx";

/**
 * On a preview (the root loader's `preview`: a signed-in admin's view of
 * unsaved edits, server/previews/), says over the page that it is one and
 * not the public site; when the draft is unknown or expired, that the page
 * shows the saved content. "Exit preview" opens the page as saved.
 */
export function PreviewBar() {
  const preview = useRouteLoaderData<typeof rootLoader>("root")?.preview;
  const { pathname } = useLocation();
  if (!preview) return null;
  return (
    <aside
      aria-label="Preview"
      className="fixed bottom-4 left-4 z-45 max-w-[calc(100%-6.5rem)] rounded-xl bg-amber-300 px-4 py-2.5 text-sm text-slate-950 shadow-lg shadow-black/40 md:bottom-6 md:left-6"
    >
      <strong>
        {preview.found ? "Preview — unsaved changes, not public" : "Preview expired — this is the saved page"}
      </strong>{" "}
      <a href={pathname} className="ml-2 underline underline-offset-2">
        Exit preview
      </a>
    </aside>
  );
}
