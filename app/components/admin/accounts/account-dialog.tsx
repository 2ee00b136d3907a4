import type { ReactNode } from "react";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";

/**
 * A dialog of the account menu: its content is mounted only while it is open, so each opening
 * starts afresh (a new list read, an empty form).
 */
export function AccountDialog({
  open,
  onClose,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <DialogContent title={title} description={description} className={className}>
          {children}
        </DialogContent>
      )}
    </Dialog>
  );
}
