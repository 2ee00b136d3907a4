import { History, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { LOCALES } from "#content/locales.ts";
import { Button } from "#app/components/ui/button.tsx";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { FormProblems } from "./form-problems.tsx";
import type { DialogFormProps } from "./record-dialog-kind.ts";
import { useTranslating } from "./translating.ts";

type FooterProps = Pick<
  DialogFormProps<unknown>,
  "isNew" | "saving" | "onHistory" | "onDeleteTranslation" | "onCancel"
> & {
  /** How many problems the form has: Save waits for none. */
  problems: number;
  /** Kept in view under a long form, in one row even on a phone. */
  sticky: boolean;
  preview: ReactNode;
};

/**
 * A record's form in its editor dialog ("Edit Post", "Edit Page"): where the record stands and its
 * notices above the kind's fields (`children`), how many fields keep it from being saved, and the
 * footer's buttons. Enter or Save saves once nothing keeps it from it.
 */
export function EditorForm({
  errors,
  saving,
  onSave,
  status,
  notice,
  className,
  sticky = false,
  preview,
  children,
  ...footer
}: Omit<DialogFormProps<unknown>, "draft" | "onEnglish" | "onReview"> & {
  className: string;
  sticky?: boolean;
  /** The Preview button (admin/preview). */
  preview?: ReactNode;
  children: ReactNode;
}) {
  const problems = Object.keys(errors).length;
  return (
    <form
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (problems === 0 && !saving) onSave();
      }}
    >
      {status}
      {notice}
      {children}
      <FormProblems count={problems} />
      <EditorFooter {...footer} saving={saving} problems={problems} sticky={sticky} preview={preview} />
    </form>
  );
}

/**
 * The buttons under the form: History (a stored record's), "Delete … translation" (a saved
 * translation's, while the dialog translates), Preview, Cancel and Save.
 */
function EditorFooter({
  isNew,
  saving,
  problems,
  sticky,
  preview,
  onHistory,
  onDeleteTranslation,
  onCancel,
}: FooterProps) {
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
