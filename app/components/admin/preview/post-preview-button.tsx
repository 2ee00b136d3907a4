import { useMemo } from "react";
import type { PostRecord } from "#content/posts.ts";
import { previewPostPath } from "#content/public-pages.ts";
import type { BlogPost } from "#content/schemas.ts";
import { PreviewButton } from "./preview-button.tsx";

/**
 * The Edit Post dialog's Preview: the post at its address, with the draft,
 * saved or not, published or not. The address is the stored post's while its
 * title keeps it, else the one the draft's title gives.
 */
export function PostPreviewButton({
  record,
  draft,
  valid,
  className,
}: {
  record: PostRecord | null;
  draft: BlogPost;
  valid: boolean;
  className?: string;
}) {
  const path = previewPostPath(record, draft);
  const body = useMemo(
    () => (valid ? { post: { ...(record && { id: record.id }), data: draft } } : undefined),
    [record, draft, valid],
  );
  // A tab per post: a preview open on one post does not follow the editing of another.
  return <PreviewButton name={`post-${record?.id ?? "new"}`} path={path} draft={body} className={className} />;
}
