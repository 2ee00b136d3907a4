import { useState } from "react";
import { LOCALES, type TranslatedLocale } from "#content/locales.ts";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { DeleteFooter } from "#app/components/ui/delete-footer.tsx";

/**
 * Asks before a post's (or a team page's) translation is deleted: its texts,
 * status and address in that language go at once (its versions stay in
 * History); English and the other languages stay.
 */
export function DeleteTranslationDialog({
  open,
  onOpenChange,
  locale,
  title,
  dirty,
  onConfirm,
  noun = "post",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locale: TranslatedLocale;
  /** The post's name as the editor shows it. */
  title: string;
  /** Unsaved edits in this language go too. */
  dirty: boolean;
  /** Deletes it; the dialog closes when this settles (the caller says how it went). */
  onConfirm: () => Promise<void>;
  /** What is translated: a "post" or a team "page". */
  noun?: "post" | "page";
}) {
  const [deleting, setDeleting] = useState(false);
  const { htmlLang, nativeName } = LOCALES[locale];
  const language = <span lang={htmlLang}>{nativeName}</span>;

  async function confirm() {
    setDeleting(true);
    try {
      await onConfirm();
    } finally {
      setDeleting(false);
      onOpenChange(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !deleting && onOpenChange(next)}>
      <DialogContent
        title={<>Delete the {language} translation?</>}
        description={
          <>
            “{title}” in {language} will be removed: its texts, its status and its address. The English {noun} and the
            other languages stay, and its saved versions stay in History.
            {dirty && " Your unsaved edits in this language go too."}
          </>
        }
        className="max-w-md"
      >
        <DeleteFooter deleting={deleting} onDelete={() => void confirm()}>
          Delete translation
        </DeleteFooter>
      </DialogContent>
    </Dialog>
  );
}
