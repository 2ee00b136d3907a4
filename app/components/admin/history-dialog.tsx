import { RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import type { RevisionSummary } from "#content/documents.ts";
import { formatWhen } from "./format.ts";

interface HistoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title, e.g. "Home history". */
  title: string;
  currentVersion: number;
  dirty: boolean;
  /** Reads the list of versions, newest first (read again when `currentVersion` changes). */
  load: () => Promise<RevisionSummary[]>;
  /** Restores a revision as the newest version (and shows it); resolves to the new version, rejects with the server's reason. */
  onRestore: (revision: number) => Promise<{ version: number }>;
  /** What a restore replaces when there are unsaved changes, e.g. "in this section". */
  scope?: string;
  /** Shown when there is no version at all. */
  emptyMessage?: string;
}

/** Past versions of one document or post; restoring one saves it again as the newest version. */
export function HistoryDialog({
  open,
  onOpenChange,
  title,
  currentVersion,
  dirty,
  load,
  onRestore,
  scope = "in this section",
  emptyMessage = "Nothing was saved yet: the site shows the built-in defaults.",
}: HistoryDialogProps) {
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  // The loader is usually an inline arrow: the list is read again when the dialog opens or the version moves, not on every render.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setRevisions(null);
    setError(null);
    latestLoad.current().then(
      (list) => !cancelled && setRevisions(list),
      (cause: unknown) => !cancelled && setError(cause instanceof Error ? cause.message : String(cause)),
    );
    return () => {
      cancelled = true;
    };
  }, [open, currentVersion, latestLoad]);

  async function restore(version: number) {
    setRestoring(version);
    try {
      const restored = await onRestore(version);
      onOpenChange(false);
      toast.success("Success", { description: `Version ${version} restored as version ${restored.version}.` });
    } catch (cause) {
      toast.error("Error", {
        description: `Failed to restore version ${version}: ${cause instanceof Error ? cause.message : String(cause)}`,
      });
    } finally {
      setRestoring(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description="Every save is kept. Restoring a version saves it again as the newest one."
        className="max-w-xl"
      >
        {dirty && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
            Restoring replaces your unsaved changes {scope}.
          </p>
        )}
        {error && <p className="text-sm text-red-700">Could not load the history: {error}</p>}
        {!revisions && !error && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Loading versions…
          </p>
        )}
        {revisions && revisions.length === 0 && <p className="text-sm text-slate-600">{emptyMessage}</p>}
        {revisions && revisions.length > 0 && (
          <ol aria-label="Versions" className="grid max-h-[55dvh] gap-2 overflow-y-auto pr-1">
            {revisions.map((revision) => (
              <li
                key={revision.version}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                    Version {revision.version}
                    {revision.version === currentVersion && <Badge variant="success">Current</Badge>}
                    {revision.restoredFrom !== null && (
                      <Badge variant="secondary">Restored from version {revision.restoredFrom}</Badge>
                    )}
                  </p>
                  <p className="text-xs text-slate-600">
                    {formatWhen(revision.createdAt)} by {revision.createdBy ?? "the system"}
                  </p>
                </div>
                {revision.version !== currentVersion && (
                  <PendingButton
                    variant="outline"
                    size="sm"
                    pending={restoring === revision.version}
                    pendingLabel="Restoring..."
                    disabled={restoring !== null}
                    aria-label={`Restore version ${revision.version}`}
                    icon={<RotateCcw aria-hidden="true" />}
                    onClick={() => void restore(revision.version)}
                  >
                    Restore
                  </PendingButton>
                )}
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
