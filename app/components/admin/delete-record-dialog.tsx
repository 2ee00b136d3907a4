import { useRef, useState } from "react";
import { DeleteFooter } from "#app/components/ui/delete-footer.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";

/**
 * Asks before a record in a list is deleted (a post, a team page): a deletion is stored at once
 * and cannot be undone here. Once it is gone, so is the button that opened this dialog: focus goes
 * to `onDeletedFocus`'s place instead.
 */
export function DeleteRecordDialog<T>({
  item,
  title,
  describe,
  onConfirm,
  onClose,
  onDeletedFocus,
}: {
  /** The record to delete, or null when the dialog is closed. */
  item: T | null;
  title: string;
  describe: (item: T) => string;
  /** Deletes it (resolves true when it is gone); the dialog closes when this settles. */
  onConfirm: (item: T) => Promise<boolean>;
  onClose: () => void;
  onDeletedFocus: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  // Read when the dialog has closed (after its last render), so a ref rather than state.
  const deleted = useRef(false);

  async function confirm(target: T) {
    setDeleting(true);
    try {
      deleted.current = await onConfirm(target);
    } finally {
      setDeleting(false);
      onClose();
    }
  }

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && !deleting && onClose()}>
      {item !== null && (
        <DialogContent
          title={title}
          description={describe(item)}
          className="max-w-md"
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return;
            deleted.current = false;
            event.preventDefault();
            onDeletedFocus();
          }}
        >
          <DeleteFooter deleting={deleting} onDelete={() => void confirm(item)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
