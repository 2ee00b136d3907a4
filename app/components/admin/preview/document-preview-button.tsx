import { useMemo } from "react";
import { localePath, type Locale, isTranslated } from "#content/locales.ts";
import { previewPath, type DocumentKey } from "#content/sections.ts";
import { PreviewButton } from "./preview-button.tsx";

/**
 * A section editor's Preview: the document's public page (the registry's
 * previewPath) in the editor's language (`/si/services`), with the draft as
 * a save would send it (the server shows a language's draft on that
 * language's pages only). Each language previews in a browser tab of its own.
 */
export function DocumentPreviewButton({
  documentKey,
  locale,
  draft,
  valid,
}: {
  documentKey: DocumentKey;
  locale: Locale;
  draft: unknown;
  /** The draft passes its schema (an invalid one is not sent). */
  valid: boolean;
}) {
  const body = useMemo(
    () => (valid ? { ...(isTranslated(locale) && { locale }), documents: { [documentKey]: draft } } : undefined),
    [documentKey, locale, draft, valid],
  );
  const path = previewPath(documentKey);
  // No page shows the Answers: nothing to preview (the chat is tried on the site once saved).
  if (path === null) return null;
  return (
    <PreviewButton
      name={!isTranslated(locale) ? documentKey : `${documentKey}-${locale}`}
      path={localePath(locale, path)}
      draft={body}
      compact
    />
  );
}
