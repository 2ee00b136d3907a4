import { LoaderCircle, RefreshCw } from "lucide-react";
import { useMemo, useState } from "react";
import { blogPostSchema } from "#content/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { ConflictDialog } from "../conflict-dialog.tsx";
import { DraftNotice } from "../draft-notice.tsx";
import { listPostRevisions } from "../data/admin-api.ts";
import { schemaErrors } from "../editor/field-errors.ts";
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
  const [historyOpen, setHistoryOpen] = useState(false);
  const draft = state.status === "open" ? state.draft : null;
  const errors = useMemo(() => (draft ? schemaErrors(blogPostSchema, draft) : {}), [draft]);
  const record = state.status === "open" ? state.record : null;
  const conflict = state.status === "open" ? state.conflict : null;
  const saving = state.status === "open" && state.saving;

  async function save(version?: number) {
    const outcome = await editor.save(version);
    if (outcome.kind === "saved") toast.success("Success", { description: "Post saved" });
    else if (outcome.kind === "failed")
      toast.error("Error", { description: `Could not save the post: ${outcome.reason}` });
  }

  return (
    <>
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
        {state.status === "open" && (
          <PostForm
            draft={state.draft}
            errors={errors}
            isNew={state.record === null}
            saving={state.saving}
            onChange={editor.edit}
            onSave={() => void save()}
            onCancel={editor.close}
            onHistory={() => setHistoryOpen(true)}
            notice={
              <DraftNotice
                draft={editor.draft.recovered}
                dirty={editor.dirty}
                onRestore={editor.draft.restoreRecovered}
                onDiscard={editor.draft.discardRecovered}
              />
            }
            preview={
              <PostPreviewButton
                record={state.record}
                draft={state.draft}
                valid={Object.keys(errors).length === 0}
                className={state.record ? undefined : "sm:mr-auto"}
              />
            }
          />
        )}
      </Dialog>

      <ConflictDialog
        noun="post"
        label={`“${postName(conflict?.data.title ?? "")}”`}
        current={conflict}
        busy={saving}
        onReload={editor.reloadTheirs}
        onOverwrite={() => conflict && void save(conflict.version)}
        onKeepEditing={editor.keepEditing}
      />
      {record && (
        <HistoryDialog
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          title={`History of “${postName(record.data.title)}”`}
          currentVersion={record.version}
          dirty={editor.dirty}
          scope="to this post"
          emptyMessage="This post has no saved versions yet."
          load={() => listPostRevisions(record.id)}
          onRestore={editor.restore}
        />
      )}
    </>
  );
}
