import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import type { StoredDocument } from "./data/admin-api.ts";
import { formatWhen } from "./format.ts";

interface ConflictDialogProps {
  label: string;
  /** The newer server copy that refused the save; the dialog is open while set. */
  current: StoredDocument | null;
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onKeepEditing: () => void;
}

/** A save hit a newer version: say who and when, and let the admin choose. */
export function ConflictDialog({ label, current, busy, onReload, onOverwrite, onKeepEditing }: ConflictDialogProps) {
  return (
    <Dialog open={current !== null} onOpenChange={(open) => !open && onKeepEditing()}>
      {current && (
        <DialogContent
          title="Someone else saved this section"
          description={`${label} was changed by ${current.updatedBy ?? "someone else"} on ${formatWhen(current.updatedAt)} (version ${current.version}) after you opened it.`}
        >
          <p className="text-sm text-slate-700">
            Reload theirs to replace your edits with their version, or overwrite with yours to save your edits over it.
            Their version stays in History either way.
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={onReload} disabled={busy}>
              Reload theirs
            </Button>
            <Button variant="destructive" onClick={onOverwrite} disabled={busy}>
              {busy ? "Saving..." : "Overwrite with mine"}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
