import { History, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { LOCALES } from "#content/locales.ts";
import { Button } from "#app/components/ui/button.tsx";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { useTranslating } from "./translating.ts";

/**
 * The buttons under a record's form in its editor dialog ("Edit Post", "Edit Page"): History (a
 * stored record's), "Delete … translation" (a saved translation's, while the dialog translates),
 * Preview, Cancel and Save. `sticky`: kept in view under a long form, in one row even on a phone.
 */
export function EditorFooter({
  isNew,
  saving,
  problems,
  sticky = false,
  preview,
  onHistory,
  onDeleteTranslation,
  onCancel,
}: {
  isNew: boolean;
  saving: boolean;
  /** How many problems the form has: Save waits for none. */
  problems: number;
  sticky?: boolean;
  preview?: ReactNode;
  onHistory: () => void;
  onDeleteTranslation?: (() => void) | undefined;
  onCancel: () => void;
}) {
  const translating = useTranslating();
  return (
    <DialogFooter
      className={
        sticky
          ? "sticky bottom-0 -mx-6 -mb-6 flex-row flex-wrap items-center justify-end border-t border-slate-200 bg-white px-6 py-3"
          : "sm:flex-wrap sm:items-center"
      }
    >
      {!isNew && (
        <Button variant="outline" className={sticky ? "mr-auto" : "sm:mr-auto"} onClick={onHistory} disabled={saving}>
          <History aria-hidden="true" />
          History
        </Button>
      )}
      {onDeleteTranslation && translating && (
        <Button variant="outline" onClick={onDeleteTranslation} disabled={saving}>
          <Trash2 aria-hidden="true" />
          <span>
            Delete <span lang={LOCALES[translating.locale].htmlLang}>{LOCALES[translating.locale].nativeName}</span>{" "}
            translation
          </span>
        </Button>
      )}
      {preview}
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <PendingButton type="submit" pending={saving} pendingLabel="Saving..." disabled={problems > 0}>
        Save
      </PendingButton>
    </DialogFooter>
  );
}
