import { AlertTriangle, RefreshCw } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";

/**
 * A newer version was saved elsewhere while the editor holds unsaved edits
 * (docs/product.md §4 "Live changes"): say so, and offer to show it instead.
 */
export function ChangedElsewhereNotice({
  noun = "section",
  onReload,
}: {
  /** What was changed: a document ("section") or a post. */
  noun?: "section" | "post" | "page";
  onReload: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 basis-56">This {noun} was changed elsewhere. Reload to see the changes.</p>
      <Button variant="outline" size="sm" onClick={onReload}>
        <RefreshCw aria-hidden="true" />
        Reload
      </Button>
    </div>
  );
}
