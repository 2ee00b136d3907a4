import { LoaderCircle, RefreshCw } from "lucide-react";
import { useState } from "react";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { ChangedElsewhereNotice } from "../changed-elsewhere-notice.tsx";
import { ConflictDialog } from "../conflict-dialog.tsx";
import { DraftNotice } from "../draft-notice.tsx";
import { listPostRevisions } from "../data/admin-api.ts";
import type { RecordRef } from "../data/record-ref.ts";
import { useRecordEditor } from "../data/use-record-editor.ts";
import { HistoryDialog } from "../history-dialog.tsx";
import { PostPreviewButton } from "../preview/post-preview-button.tsx";
import { PostForm } from "./post-form.tsx";
import { postName } from "./post-list.ts";
import type { PostEditor } from "./use-post-editor.ts";

/**
 * The post editor's dialogs: "Edit Post" (loading the post's body first),
 * the conflict dialog of a stale save, and the post's History.
 */
export function PostEditorDialog({ editor }: { editor: PostEditor }) {
  const { state } = editor;
  return (
    <Dialog open={state.status !== "closed"} onOpenChange={(open) => !open && editor.close()}>
      {state.status === "loading" && (
        <DialogContent title="Edit Post" description={`Opening “${state.title}”.`} className="max-w-3xl">
          <p className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600" role="status">
            <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Loading post…
          </p>
        </DialogContent>
      )}
      {state.status === "failed" && (
        <DialogContent title="Edit Post" description={`“${state.title}” could not be opened.`}>
          <p className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" role="alert">
            {state.reason}
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={editor.close}>
              Cancel
            </Button>
            <Button onClick={editor.retry}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
      {state.status === "open" && <OpenPost post={state.post} editor={editor} />}
    </Dialog>
  );
}

/** The open post, as the record store holds it: its form, notices, conflict dialog and History. */
function OpenPost({ post, editor }: { post: RecordRef; editor: PostEditor }) {
  const record = useRecordEditor<BlogPost>(post);
  const [historyOpen, setHistoryOpen] = useState(false);
  if (!record) return null;
  const stored = post.id === null ? null : (record.base as PostRecord);
  const conflict = record.conflict as PostRecord | null;
  const valid = Object.keys(record.errors).length === 0;

  const save = async (version?: number) => {
    const outcome = await editor.save(version);
    if (outcome.kind === "saved") toast.success("Success", { description: "Post saved" });
    else if (outcome.kind === "failed")
      toast.error("Error", { description: `Could not save the post: ${outcome.reason}` });
  };

  return (
    <>
      <PostForm
        draft={record.draft}
        errors={record.errors}
        isNew={stored === null}
        saving={record.saving}
        onChange={(patch) => record.updateDraft((draft) => ({ ...draft, ...patch }))}
        onSave={() => void save()}
        onCancel={editor.close}
        onHistory={() => setHistoryOpen(true)}
        notice={
          <>
            <DraftNotice
              draft={record.recovered}
              dirty={record.dirty}
              onRestore={record.restoreRecovered}
              onDiscard={record.discardRecovered}
            />
            {record.changedElsewhere && !conflict && <ChangedElsewhereNotice noun="post" onReload={record.reload} />}
          </>
        }
        preview={
          <PostPreviewButton
            record={stored}
            draft={record.draft}
            valid={valid}
            className={stored ? undefined : "sm:mr-auto"}
          />
        }
      />
      <ConflictDialog
        noun="post"
        label={`“${postName(conflict?.data.title ?? "")}”`}
        current={conflict}
        busy={record.saving}
        onReload={record.reloadTheirs}
        onOverwrite={() => conflict && void save(conflict.version)}
        onKeepEditing={record.keepEditing}
      />
      {stored && (
        <HistoryDialog
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          title={`History of “${postName(stored.data.title)}”`}
          currentVersion={stored.version}
          dirty={record.dirty}
          scope="to this post"
          emptyMessage="This post has no saved versions yet."
          load={() => listPostRevisions(stored.id)}
          onRestore={editor.restore}
        />
      )}
    </>
  );
}
