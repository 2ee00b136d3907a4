import { useRef, useState } from "react";
import type { PostSummary } from "#content/posts.ts";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { DeleteFooter } from "#app/components/ui/delete-footer.tsx";
import { postName } from "./post-list.ts";

/** Asks before a post is deleted: a deletion is stored at once and cannot be undone here. */
export function DeletePostDialog({
  post,
  onConfirm,
  onClose,
  onDeletedFocus,
}: {
  /** The post to delete, or null when the dialog is closed. */
  post: PostSummary | null;
  /** Deletes it (resolves true when it is gone); the dialog closes when this settles. */
  onConfirm: (post: PostSummary) => Promise<boolean>;
  onClose: () => void;
  /** Where focus goes once the post (and so the button that opened this dialog) is gone. */
  onDeletedFocus: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  // Read when the dialog has closed (after its last render), so a ref rather than state.
  const deleted = useRef(false);

  async function confirm(target: PostSummary) {
    setDeleting(true);
    try {
      deleted.current = await onConfirm(target);
    } finally {
      setDeleting(false);
      onClose();
    }
  }

  return (
    <Dialog open={post !== null} onOpenChange={(open) => !open && !deleting && onClose()}>
      {post && (
        <DialogContent
          title="Delete post?"
          description={`“${postName(post.title)}” will be removed from the blog and the home page.`}
          className="max-w-md"
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return;
            deleted.current = false;
            event.preventDefault();
            onDeletedFocus();
          }}
        >
          <DeleteFooter deleting={deleting} onDelete={() => void confirm(post)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
