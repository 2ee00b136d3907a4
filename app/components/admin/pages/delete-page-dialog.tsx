import type { LandingPageSummary } from "#content/landing-page-api.ts";
import { DeleteRecordDialog } from "../delete-record-dialog.tsx";
import { pageName } from "./page-list.ts";

/** Asks before a page is deleted: its address stops answering at once, in every language. */
export function DeletePageDialog({
  page,
  ...props
}: {
  page: LandingPageSummary | null;
  onConfirm: (page: LandingPageSummary) => Promise<boolean>;
  onClose: () => void;
  onDeletedFocus: () => void;
}) {
  return (
    <DeleteRecordDialog
      item={page}
      title="Delete page?"
      describe={(target) =>
        `“${pageName(target.title)}” will stop answering at ${target.path}, in every language. This cannot be undone here.`
      }
      {...props}
    />
  );
}
