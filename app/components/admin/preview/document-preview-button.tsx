import { useMemo } from "react";
import { previewPath, type DocumentKey } from "#content/sections.ts";
import { PreviewButton } from "./preview-button.tsx";

/** A section editor's Preview: the document's public page (the registry's previewPath) with the draft. */
export function DocumentPreviewButton({
  documentKey,
  draft,
  valid,
}: {
  documentKey: DocumentKey;
  draft: unknown;
  /** The draft passes its schema (an invalid one is not sent). */
  valid: boolean;
}) {
  const body = useMemo(
    () => (valid ? { documents: { [documentKey]: draft } } : undefined),
    [documentKey, draft, valid],
  );
  return <PreviewButton name={documentKey} path={previewPath(documentKey)} draft={body} compact />;
}
