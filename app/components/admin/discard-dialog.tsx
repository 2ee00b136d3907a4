import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";

export const DISCARD_QUESTION = "You have unsaved changes. Discard them?";

/** Asks before unsaved edits are lost (switching tabs, leaving the page). */
export function DiscardDialog({
  open,
  onDiscard,
  onKeep,
}: {
  open: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onKeep()}>
      <DialogContent title="Unsaved changes" description={DISCARD_QUESTION}>
        <DialogFooter>
          <Button variant="outline" onClick={onKeep}>
            Keep editing
          </Button>
          <Button variant="destructive" onClick={onDiscard}>
            Discard changes
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
