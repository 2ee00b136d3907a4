import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { DialogClose, DialogFooter } from "./dialog.tsx";
import { PendingButton } from "./pending-button.tsx";

/**
 * A deletion's confirmation: Cancel, and the red button that deletes ("Deleting..." while it runs;
 * Cancel waits for it too).
 */
export function DeleteFooter({
  deleting,
  onDelete,
  children = "Delete",
}: {
  deleting: boolean;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={deleting}>
          Cancel
        </Button>
      </DialogClose>
      <PendingButton
        variant="destructive"
        pending={deleting}
        pendingLabel="Deleting..."
        icon={<Trash2 aria-hidden="true" />}
        onClick={onDelete}
      >
        {children}
      </PendingButton>
    </DialogFooter>
  );
}
