import { History } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { listRevisions } from "./data/admin-api.ts";
import { documentRef } from "./data/record-ref.ts";
import { useRecordEditor } from "./data/use-record-editor.ts";
import { ChangedElsewhereNotice } from "./changed-elsewhere-notice.tsx";
import { ConflictDialog } from "./conflict-dialog.tsx";
import { DraftNotice } from "./draft-notice.tsx";
import { HistoryDialog } from "./history-dialog.tsx";
import { DocumentPreviewButton } from "./preview/document-preview-button.tsx";
import type { AdminSection } from "./tab-registry.tsx";

/**
 * The frame around a tab's editor for one document (its state lives in the
 * admin's record store, read through useRecordEditor): the save button
 * and its toasts, the unsaved, kept-draft and changed-elsewhere notices, the
 * conflict dialog of a stale save, and History.
 */
export function SectionEditor({ section, heading }: { section: AdminSection; heading?: ReactNode }) {
  const editor = useRecordEditor(useMemo(() => documentRef(section.key), [section.key]));
  const [historyOpen, setHistoryOpen] = useState(false);
  // The panel holds every document from its first render.
  if (!editor) return null;
  const problems = Object.keys(editor.errors).length;

  const save = async (version?: number) => {
    const outcome = await editor.save(version);
    if (outcome.kind === "saved") toast.success("Success", { description: section.successMessage });
    else if (outcome.kind === "failed") toast.error("Error", { description: section.failureMessage(outcome.reason) });
  };

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
      {editor.changedElsewhere && !editor.conflict && <ChangedElsewhereNotice onReload={editor.reload} />}

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
