import { useRef, useState } from "react";
import type { LandingPageSummary } from "#content/landing-pages.ts";
import { DeleteFooter } from "#app/components/ui/delete-footer.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { pageName } from "./page-list.ts";

/** Asks before a page is deleted: its address stops answering at once, in every language. */
export function DeletePageDialog({
  page,
  onConfirm,
  onClose,
  onDeletedFocus,
}: {
  page: LandingPageSummary | null;
  onConfirm: (page: LandingPageSummary) => Promise<boolean>;
  onClose: () => void;
  onDeletedFocus: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const deleted = useRef(false);

  async function confirm(target: LandingPageSummary) {
    setDeleting(true);
    try {
      deleted.current = await onConfirm(target);
    } finally {
      setDeleting(false);
      onClose();
    }
  }

  return (
    <Dialog open={page !== null} onOpenChange={(open) => !open && !deleting && onClose()}>
      {page && (
        <DialogContent
          title="Delete page?"
          description={`“${pageName(page.title)}” will stop answering at ${page.path}, in every language. This cannot be undone here.`}
          className="max-w-md"
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return;
            deleted.current = false;
            event.preventDefault();
            onDeletedFocus();
          }}
        >
          <DeleteFooter deleting={deleting} onDelete={() => void confirm(page)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
