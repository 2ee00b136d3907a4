import { AlertTriangle, History, RefreshCw } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { useAdminDraft } from "#app/hooks/use-admin-draft.ts";
import type { StoredDocument } from "#app/hooks/use-admin-documents.ts";
import { ConflictDialog } from "./conflict-dialog.tsx";
import { HistoryDialog } from "./history-dialog.tsx";
import type { AdminSection } from "./tab-registry.tsx";

/**
 * Loads, validates and saves one document around its tab editor: the
 * draft stays local until the save button, a stale save opens the conflict
 * dialog, History restores old versions, and saves made elsewhere arrive live.
 */
export function SectionEditor({ section, heading }: { section: AdminSection; heading?: ReactNode }) {
  const { base, draft, setDraft, dirty, errors, changedElsewhere, adopt, save, latest } = useAdminDraft(section.key);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<StoredDocument | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const problems = Object.keys(errors).length;

  async function runSave(version?: number) {
    setBusy(true);
    const outcome = await save(version);
    setBusy(false);
    if (outcome.kind === "saved") {
      setConflict(null);
      toast.success("Success", { description: section.successMessage });
    } else if (outcome.kind === "conflict") {
      setConflict(outcome.current);
    } else {
      toast.error("Error", { description: section.failureMessage(outcome.reason) });
    }
  }

  return (
    <section aria-label={`${section.label} editor`} className="grid grid-cols-1 gap-6 pb-6">
      <div className="sticky top-0 z-20 -mx-4 grid gap-2 rounded-t-2xl border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {heading}
          {dirty && <Badge variant="warning">Unsaved changes</Badge>}
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <Button variant="outline" className="px-3 sm:px-4" onClick={() => setHistoryOpen(true)}>
              <History aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">History</span>
            </Button>
            <Button onClick={() => void runSave()} disabled={busy || problems > 0}>
              {busy ? "Saving..." : section.saveLabel}
            </Button>
          </div>
        </div>
        {problems > 0 && (
          <p className="text-sm font-medium text-red-700" role="status">
            {problems === 1 ? "1 field needs" : `${problems} fields need`} attention before you can save. Nothing you typed is lost.
          </p>
        )}
      </div>

      {changedElsewhere && !conflict && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          <p className="flex-1">This section was changed elsewhere. Reload to see the changes.</p>
          <Button variant="outline" size="sm" onClick={() => adopt(latest)}>
            <RefreshCw aria-hidden="true" />
            Reload
          </Button>
        </div>
      )}

      {section.render({ value: draft, onChange: setDraft, errors })}

      <ConflictDialog
        label={section.label}
        current={conflict}
        busy={busy}
        onReload={() => {
          if (conflict) adopt(conflict);
          setConflict(null);
        }}
        onOverwrite={() => conflict && void runSave(conflict.version)}
        onKeepEditing={() => setConflict(null)}
      />
      <HistoryDialog
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        section={section}
        currentVersion={base.version}
        dirty={dirty}
        onRestored={(doc) => {
          adopt(doc);
          setHistoryOpen(false);
        }}
      />
    </section>
  );
}
