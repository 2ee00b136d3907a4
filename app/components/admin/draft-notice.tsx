import { ArchiveRestore } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import type { DocumentKey } from "#content/sections.ts";
import type { LocalDraft } from "./data/local-drafts.ts";
import { useRecoveredDrafts } from "./data/use-record-editor.ts";
import { formatAgo } from "./format.ts";

/**
 * Offers the unsaved draft this device kept from an earlier visit (a reload,
 * a closed tab, a crash): Restore puts it in the editor, Discard forgets it.
 * Shown in the editor it belongs to, until the admin chooses.
 */
export function DraftNotice({
  draft,
  dirty,
  onRestore,
  onDiscard,
}: {
  draft: LocalDraft | null;
  /** The editor has edits of its own, which Restore replaces. */
  dirty: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  if (!draft) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <ArchiveRestore className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 basis-56">
        You have unsaved changes from {formatAgo(draft.savedAt)}.
        {dirty && " Restoring them replaces the edits you made since."}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onDiscard}>
          Discard
        </Button>
        <Button size="sm" onClick={onRestore}>
          Restore
        </Button>
      </div>
    </div>
  );
}

/**
 * A dot on a tab whose document offers a kept draft, so it is found from any
 * tab (a post's kept draft is offered when the post is opened from its card).
 */
export function KeptDraftMark({ keys }: { keys: readonly DocumentKey[] }) {
  if (!useRecoveredDrafts((ref) => ref.kind === "document" && keys.includes(ref.id))) return null;
  return (
    <span className="ml-1.5 size-2 shrink-0 rounded-full bg-sky-600" title="Unsaved changes kept on this device">
      <span className="sr-only">(unsaved changes kept on this device)</span>
    </span>
  );
}
