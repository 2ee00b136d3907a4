import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { formatWhen } from "./format.ts";

/** What the dialog says about the newer copy (a StoredDocument or a PostRecord). */
interface NewerCopy {
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

interface ConflictDialogProps {
  /** Names what was changed: a section's label ("Home") or a post's title in quotes. */
  label: string;
  /** What kind of thing it is, for the dialog's title. */
  noun?: "section" | "post" | "page";
  /** The newer server copy that refused the save; the dialog is open while set. */
  current: NewerCopy | null;
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onKeepEditing: () => void;
}

/** A save hit a newer version: say who and when, and let the admin choose. */
export function ConflictDialog({
  label,
  noun = "section",
  current,
  busy,
  onReload,
  onOverwrite,
  onKeepEditing,
}: ConflictDialogProps) {
  return (
    <Dialog open={current !== null} onOpenChange={(open) => !open && onKeepEditing()}>
      {current && (
        <DialogContent
          title={`Someone else saved this ${noun}`}
          description={`${label} was changed by ${current.updatedBy ?? "someone else"} on ${formatWhen(current.updatedAt)} (version ${current.version}) after you opened it.`}
        >
          <p className="text-sm text-slate-700">
            Reload theirs to replace your edits with their version, overwrite with yours to save your edits over it, or
            keep editing and decide later. Their version stays in History either way.
          </p>
          <DialogFooter>
            <Button variant="ghost" onClick={onKeepEditing} disabled={busy}>
              Keep editing
            </Button>
            <Button variant="outline" onClick={onReload} disabled={busy}>
              Reload theirs
            </Button>
            <PendingButton variant="destructive" onClick={onOverwrite} pending={busy} pendingLabel="Saving...">
              Overwrite with mine
            </PendingButton>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
