import { useMemo } from "react";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { deletePostTranslation, listPostRevisions } from "../data/admin-api.ts";
import {
  isPostTranslationCopy,
  previewedTranslation,
  type PostTranslationCopy,
} from "../data/post-translation-copy.ts";
import { postRef } from "../data/record-ref.ts";
import type { RecordDialogKind, RecordFormProps } from "../editor/record-dialog-kind.ts";
import { PostPreviewButton } from "../preview/post-preview-button.tsx";
import { PostAddressField } from "./post-address-field.tsx";
import { PostForm } from "./post-form.tsx";
import { postName, postToasts } from "./post-list.ts";

type PostStored = PostRecord | PostTranslationCopy;

/** A post's form in the dialog: a translation's address, and Preview. */
function PostDialogForm({
  record,
  stored,
  translation,
  form,
}: RecordFormProps<BlogPost, PostStored, PostTranslationCopy>) {
  const draft = record.draft as BlogPost & { slug?: string };
  // What Preview shows: a translation as a save sends it (English for the empty texts), without its address.
  const outgoing = record.outgoing;
  const previewed = useMemo(
    () => (outgoing && translation ? previewedTranslation(outgoing) : outgoing),
    [outgoing, translation],
  );
  return (
    <PostForm
      {...form}
      draft={draft}
      onChange={(patch) => record.updateDraft((current) => ({ ...current, ...patch }))}
      address={
        translation && (
          <PostAddressField
            locale={translation.locale}
            value={draft.slug ?? ""}
            saved={translation.slug}
            isSaved={translation.version > 0}
            onChange={(slug) => record.updateDraft((current) => ({ ...current, slug }))}
            error={record.errors["slug"]}
          />
        )
      }
      preview={
        <PostPreviewButton
          record={stored}
          draft={previewed ?? record.draft}
          valid={Object.keys(record.errors).length === 0}
          translation={translation ? { locale: translation.locale, slug: translation.slug } : undefined}
          className={stored ? undefined : "sm:mr-auto"}
        />
      }
    />
  );
}

/** "Edit Post" (docs/product.md §4 "Blog editor"): the post kind of the editor dialog (../editor/record-dialog.tsx). */
export const postDialogKind: RecordDialogKind<BlogPost, PostStored, PostTranslationCopy> = {
  noun: "post",
  ref: postRef,
  name: postName,
  title: "Edit Post",
  opening: (title) => (title ? `Opening “${title}”.` : "Opening the post."),
  openFailed: (title) => (title ? `“${title}” could not be opened.` : "The post could not be opened."),
  saves: {
    stored: "Save publishes your changes to this post; Cancel discards them.",
    created: "Save publishes the post on the blog; Cancel discards it.",
  },
  size: "max-w-3xl",
  stickyFooter: false,
  toasts: { ...postToasts, translationDeleteFailed: postToasts.deleteFailed },
  isTranslation: isPostTranslationCopy,
  revisions: listPostRevisions,
  deleteTranslation: deletePostTranslation,
  Form: PostDialogForm,
};
