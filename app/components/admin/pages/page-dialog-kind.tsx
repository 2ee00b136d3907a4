import { useState } from "react";
import { LANDING_PATH_TAKEN, type VariantName } from "#content/landing-pages.ts";
import type { LandingPageRecord } from "#content/landing-page-api.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import { publishes } from "#content/roles.ts";
import { deletePageTranslation, listPageRevisions } from "../data/pages-api.ts";
import { isPageTranslationCopy, type PageTranslationCopy } from "../data/record-kinds.ts";
import { pageRef } from "../data/record-ref.ts";
import { pathsInEnglish } from "../data/translation-copy.ts";
import type { RecordDialogKind, RecordFormProps } from "../editor/record-dialog-kind.ts";
import { PagePreviewButton } from "../preview/page-preview-button.tsx";
import { useRole } from "../role-context.ts";
import { adoptVariantB, variantB } from "./page-blocks.ts";
import { PageForm } from "./page-form.tsx";
import { pageName, pageToasts } from "./page-list.ts";
import { PageResults } from "./page-results.tsx";

/** A page's form in the dialog: its address refused as another page's, Preview as A or B, and its A/B results. */
function PageDialogForm({
  record,
  id,
  locale,
  stored,
  translation,
  save,
  refused,
  form,
}: RecordFormProps<LandingPage, LandingPageRecord, PageTranslationCopy>) {
  const publisher = publishes(useRole());
  const [using, setUsing] = useState(false);
  const [previewVariant, setPreviewVariant] = useState<VariantName>("A");
  // A translation's empty texts: its preview shows them in English, marked so (as the saved page does).
  const inEnglish = translation ? pathsInEnglish("page", record.draft, translation.englishTexts) : undefined;

  async function chooseB() {
    setUsing(true);
    try {
      record.updateDraft(adoptVariantB);
      return await save({ keepOpen: true }, pageToasts.usedB);
    } finally {
      setUsing(false);
    }
  }

  return (
    <PageForm
      {...form}
      // The address the server refused as another page's, so its message shows by the field.
      taken={refused(LANDING_PATH_TAKEN)?.path ?? null}
      update={record.updateDraft}
      preview={
        <PagePreviewButton
          id={id}
          locale={locale}
          draft={(record.outgoing as LandingPage | undefined) ?? record.draft}
          valid={Object.keys(record.errors).length === 0}
          variant={previewVariant}
          onVariant={setPreviewVariant}
          english={inEnglish}
          className={stored ? undefined : "sm:mr-auto"}
        />
      }
      results={
        stored &&
        !translation &&
        variantB(stored.data) && <PageResults id={stored.id} canUseB={publisher} using={using} onUseB={chooseB} />
      }
    />
  );
}

/** "Edit Page" (issue 42): the team page kind of the editor dialog (../editor/record-dialog.tsx). */
export const pageDialogKind: RecordDialogKind<LandingPage, LandingPageRecord, PageTranslationCopy> = {
  noun: "page",
  ref: pageRef,
  name: pageName,
  title: "Edit Page",
  newTitle: "New Page",
  opening: (title) => (title ? `Opening “${title}”.` : "Opening the page."),
  openFailed: (title) => `“${title}” could not be opened.`,
  saves: { stored: "Save stores the page with the status you choose; Cancel discards your changes." },
  size: "max-w-4xl",
  stickyFooter: true,
  toasts: pageToasts,
  isTranslation: isPageTranslationCopy,
  revisions: listPageRevisions,
  deleteTranslation: deletePageTranslation,
  Form: PageDialogForm,
};
