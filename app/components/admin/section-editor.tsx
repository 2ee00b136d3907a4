import { AlertTriangle, History, RefreshCw } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { listRevisions } from "./data/admin-api.ts";
import { useDocumentEditor } from "./data/use-document-editor.ts";
import { ConflictDialog } from "./conflict-dialog.tsx";
import { DraftNotice } from "./draft-notice.tsx";
import { HistoryDialog } from "./history-dialog.tsx";
import { DocumentPreviewButton } from "./preview/document-preview-button.tsx";
import type { AdminSection } from "./tab-registry.tsx";

/**
 * The frame around a tab's editor for one document (its state lives in the
 * admin's document store, read through useDocumentEditor): the save button
 * and its toasts, the unsaved, kept-draft and changed-elsewhere notices, the
 * conflict dialog of a stale save, and History.
 */
export function SectionEditor({ section, heading }: { section: AdminSection; heading?: ReactNode }) {
  const editor = useDocumentEditor(section.key);
  const [historyOpen, setHistoryOpen] = useState(false);
  const problems = Object.keys(editor.errors).length;

  async function save(version?: number) {
    const outcome = await editor.save(version);
    if (outcome.kind === "saved") toast.success("Success", { description: section.successMessage });
    else if (outcome.kind === "failed") toast.error("Error", { description: section.failureMessage(outcome.reason) });
  }

  return (
    <section aria-label={`${section.label} editor`} className="grid grid-cols-1 gap-6 pb-6">
      <div className="sticky top-0 z-20 -mx-4 grid gap-2 rounded-t-2xl border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {heading}
          {editor.dirty && <Badge variant="warning">Unsaved changes</Badge>}
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <DocumentPreviewButton documentKey={section.key} draft={editor.draft} valid={problems === 0} />
            <Button variant="outline" className="px-3 sm:px-4" onClick={() => setHistoryOpen(true)}>
              <History aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">History</span>
            </Button>
            <Button onClick={() => void save()} disabled={editor.saving || problems > 0}>
              {editor.saving ? "Saving..." : section.saveLabel}
            </Button>
          </div>
        </div>
        {problems > 0 && (
          <p className="text-sm font-medium text-red-700" role="status">
            {problems === 1 ? "1 field needs" : `${problems} fields need`} attention before you can save. Nothing you
            typed is lost.
          </p>
        )}
      </div>

      <DraftNotice
        draft={editor.recovered}
        dirty={editor.dirty}
        onRestore={editor.restoreRecovered}
        onDiscard={editor.discardRecovered}
      />
      {editor.changedElsewhere && !editor.conflict && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          <p className="flex-1">This section was changed elsewhere. Reload to see the changes.</p>
          <Button variant="outline" size="sm" onClick={editor.reload}>
            <RefreshCw aria-hidden="true" />
            Reload
          </Button>
        </div>
      )}

      {section.render({ value: editor.draft, onChange: editor.setDraft, errors: editor.errors })}

      <ConflictDialog
        label={section.label}
        current={editor.conflict}
        busy={editor.saving}
        onReload={editor.reloadTheirs}
        onOverwrite={() => editor.conflict && void save(editor.conflict.version)}
        onKeepEditing={editor.keepEditing}
      />
      <HistoryDialog
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        title={`${section.label} history`}
        currentVersion={editor.base.version}
        dirty={editor.dirty}
        load={() => listRevisions(section.key)}
        onRestore={editor.restore}
      />
    </section>
  );
}
