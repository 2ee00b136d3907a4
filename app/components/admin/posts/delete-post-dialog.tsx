import type { PostSummary } from "#content/posts.ts";
import { DeleteRecordDialog } from "../delete-record-dialog.tsx";
import { postName } from "./post-list.ts";

/** Asks before a post is deleted: a deletion is stored at once and cannot be undone here. */
export function DeletePostDialog({
  post,
  ...props
}: {
  /** The post to delete, or null when the dialog is closed. */
  post: PostSummary | null;
  onConfirm: (post: PostSummary) => Promise<boolean>;
  onClose: () => void;
  /** Where focus goes once the post (and so the button that opened this dialog) is gone. */
  onDeletedFocus: () => void;
}) {
  return (
    <DeleteRecordDialog
      item={post}
      title="Delete post?"
      describe={(target) => `“${postName(target.title)}” will be removed from the blog and the home page.`}
      {...props}
    />
  );
}
