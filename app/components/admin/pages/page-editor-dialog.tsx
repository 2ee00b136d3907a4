import { RefreshCw } from "lucide-react";
import { useMemo, useState, useSyncExternalStore } from "react";
import { LANDING_PATH_TAKEN, type VariantName } from "#content/landing-pages.ts";
import type { LandingPageRecord } from "#content/landing-page-api.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import { LOCALES, locales, type Locale, isTranslated } from "#content/locales.ts";
import { publishes } from "#content/roles.ts";
import { textFormat } from "#content/translatable.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { ChangedElsewhereNotice } from "../changed-elsewhere-notice.tsx";
import { ConflictDialog } from "../conflict-dialog.tsx";
import { DeleteTranslationDialog } from "../posts/delete-translation-dialog.tsx";
import { DraftNotice } from "../draft-notice.tsx";
import { listPageRevisions } from "../data/pages-api.ts";
import { useEditorLanguage } from "../data/editor-language.ts";
import { isPageTranslationCopy } from "../data/record-kinds.ts";
import { pageRef, sameRecord, type RecordRef } from "../data/record-ref.ts";
import { pathsInEnglish, textsInLanguage } from "../data/translation-copy.ts";
import { useOpenRecord } from "../data/use-open-record.ts";
import { useRecordEditor, useRecordStore } from "../data/use-record-editor.ts";
import { LanguageSwitch } from "../editor/language-switch.tsx";
import { TranslateButton } from "../editor/translate-button.tsx";
import { TranslatingContext, type Translating } from "../editor/translating.ts";
import { applyText } from "../editor/use-translate.ts";
import { HistoryDialog } from "../history-dialog.tsx";
import { ListError, ListLoading } from "../list-parts.tsx";
import { PagePreviewButton } from "../preview/page-preview-button.tsx";
import { useRole } from "../role-context.ts";
import { TranslationProgress } from "../translation-progress.tsx";
import { adoptVariantB, variantB } from "./page-blocks.ts";
import { PageForm } from "./page-form.tsx";
import { pageName, pageToasts } from "./page-list.ts";
import { PageResults } from "./page-results.tsx";
import type { PageEditor } from "./use-page-editor.ts";

/** "Edit Page": the page being read (or why it could not be), then the open page. */
export function PageEditorDialog({ editor }: { editor: PageEditor }) {
  const { state } = editor;
  return (
    <Dialog open={state.status !== "closed"} onOpenChange={(open) => !open && editor.close()}>
      {state.status === "loading" && (
        <DialogContent title="Edit Page" description={`Opening “${state.title}”.`} className="max-w-4xl">
          <p className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600" role="status">
            <Spinner />
            Loading page…
          </p>
        </DialogContent>
      )}
      {state.status === "failed" && (
        <DialogContent title="Edit Page" description={`“${state.title}” could not be opened.`}>
          <FormAlert look="panel">{state.reason}</FormAlert>
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
      {state.status === "open" && <OpenPage page={state.page} editor={editor} />}
    </Dialog>
  );
}

const FIRST_FIELD = "form :is(input, textarea):not([readonly], [type=radio])";

/** The open page: the language switch (the admin's one language setting) and the page in that language. */
function OpenPage({ page, editor }: { page: RecordRef; editor: PageEditor }) {
  const [language, setLanguage] = useEditorLanguage();
  // Bumped when a translation is deleted: the language is read afresh (its English copy now).
  const [opening, setOpening] = useState(0);
  const locale: Locale = page.id === null ? "en" : language;
  const unsaved = useUnsavedLanguages(page.id);
  const { htmlLang, nativeName } = LOCALES[locale];
  const publisher = publishes(useRole());

  return (
    <DialogContent
      title={page.id === null ? "New Page" : "Edit Page"}
      description={
        !publisher ? (
          "Save keeps your changes as a draft; Submit for review asks an Editor to publish it; Cancel discards them."
        ) : !isTranslated(locale) ? (
          "Save stores the page with the status you choose; Cancel discards your changes."
        ) : (
          <>
            Save stores this page in <span lang={htmlLang}>{nativeName}</span>, English stays as it is; Cancel discards
            your edits.
          </>
        )
      }
      className="max-w-4xl pb-0"
      onOpenAutoFocus={(event) => {
        const field = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(FIRST_FIELD);
        if (!field) return;
        event.preventDefault();
        field.focus();
      }}
    >
      {page.id === null ? (
        isTranslated(language) && (
          <p className="rounded-xl bg-slate-50 px-4 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200">
            A new page is written in English first. Once it is saved, open it again and choose{" "}
            <span lang={LOCALES[language].htmlLang}>{LOCALES[language].nativeName}</span> to translate it.
          </p>
        )
      ) : (
        <LanguageSwitch value={locale} onChange={setLanguage} unsaved={unsaved} className="justify-self-start" />
      )}
      <PageInLanguage
        key={`${locale}:${opening}`}
        page={page}
        locale={locale}
        editor={editor}
        onEnglish={() => setLanguage("en")}
        onTranslationDeleted={() => setOpening((n) => n + 1)}
      />
    </DialogContent>
  );
}

/** Which languages of page `id` hold unsaved changes (the language switch marks them). */
function useUnsavedLanguages(id: string | null): (locale: Locale) => boolean {
  const store = useRecordStore();
  const dirty = useSyncExternalStore(
    store.subscribe,
    () => locales.filter((locale) => store.isDirty((ref) => sameRecord(ref, pageRef(id, locale)))).join(" "),
    () => "",
  );
  return (locale) => dirty.split(" ").includes(locale);
}

const pageTextFormat = (path: string) => textFormat("page", path);

/** The page in one language, as the record store holds it, with its notices, conflict dialog, History and results. */
function PageInLanguage({
  page,
  locale,
  editor,
  onEnglish,
  onTranslationDeleted,
}: {
  page: RecordRef;
  locale: Locale;
  editor: PageEditor;
  onEnglish: () => void;
  onTranslationDeleted: () => void;
}) {
  const ref = useMemo(() => pageRef(page.id, locale), [page.id, locale]);
  const opened = useOpenRecord(ref);
  const record = useRecordEditor<LandingPage>(ref);
  const publisher = publishes(useRole());
  const [historyOpen, setHistoryOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [using, setUsing] = useState(false);
  const [previewVariant, setPreviewVariant] = useState<VariantName>("A");
  // The address the server refused as another page's, so its message shows by the field.
  const [taken, setTaken] = useState<string | null>(null);
  const base = record?.base;
  const translation = base && isPageTranslationCopy(base) ? base : null;
  const confirmed = record?.confirmed;
  const confirm = record?.confirm;
  const translating = useMemo<Translating | null>(
    () =>
      translation && confirm
        ? { locale: translation.locale, texts: textsInLanguage(translation, confirmed), confirm }
        : null,
    [translation, confirmed, confirm],
  );
  const { htmlLang, nativeName } = LOCALES[locale];

  if (!record) {
    if (opened.status === "failed")
      return (
        <ListError onRetry={opened.retry}>
          The page in <span lang={htmlLang}>{nativeName}</span> could not be loaded: {opened.reason}
        </ListError>
      );
    return (
      <ListLoading>
        Loading <span lang={htmlLang}>{nativeName}</span>…
      </ListLoading>
    );
  }

  const stored = page.id === null ? null : (record.base as LandingPageRecord);
  const conflict = record.conflict as LandingPageRecord | null;
  const name = (title: string) => `“${pageName(title)}”${!isTranslated(locale) ? "" : ` (${nativeName})`}`;
  const draft = record.draft;
  // A translation's empty texts: its preview shows them in English, marked so (as the saved page does).
  const inEnglish = translation ? pathsInEnglish("page", draft, translation.englishTexts) : undefined;

  const save = async (options: { version?: number; keepOpen?: boolean } = {}, saved = pageToasts.saved(locale)) => {
    const outcome = await editor.save(ref, options);
    if (outcome.kind === "saved") toast.success("Success", { description: saved });
    else if (outcome.kind === "failed") {
      if (outcome.reason === LANDING_PATH_TAKEN) setTaken(draft.path);
      toast.error("Error", { description: pageToasts.saveFailed(outcome.reason, locale) });
    }
    return outcome.kind === "saved";
  };

  const removeTranslation = async () => {
    try {
      await editor.removeTranslation(ref);
      toast.success("Success", { description: pageToasts.translationDeleted(locale) });
      onTranslationDeleted();
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      toast.error("Error", { description: pageToasts.translationDeleteFailed(reason, locale) });
    }
  };

  async function chooseB() {
    setUsing(true);
    try {
      record!.updateDraft(adoptVariantB);
      return await save({ keepOpen: true }, pageToasts.usedB);
    } finally {
      setUsing(false);
    }
  }

  return (
    <TranslatingContext.Provider value={translating}>
      <PageForm
        draft={draft}
        errors={record.errors}
        isNew={stored === null}
        saving={record.saving}
        taken={taken}
        update={record.updateDraft}
        onSave={() => void save()}
        onCancel={editor.close}
        onHistory={() => setHistoryOpen(true)}
        onEnglish={onEnglish}
        onDeleteTranslation={translation && translation.version > 0 ? () => setDeleteOpen(true) : undefined}
        onReview={(review) => {
          record.updateDraft((current) => ({ ...current, review }));
          void save({}, review ? pageToasts.submitted(locale) : pageToasts.backToDraft(locale));
        }}
        status={
          (translating || record.dirty) && (
            <div className="grid gap-2">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {translating && (
                  <TranslationProgress locale={translating.locale} texts={translating.texts} draft={record.draft} />
                )}
                {record.dirty && <Badge variant="warning">Unsaved changes</Badge>}
              </div>
              {translating && (
                <TranslateButton
                  target={{
                    ...translating,
                    draft: record.draft,
                    formatOf: pageTextFormat,
                    apply: applyText(record.updateDraft),
                  }}
                />
              )}
            </div>
          )
        }
        notice={
          <>
            <DraftNotice
              draft={record.recovered}
              dirty={record.dirty}
              onRestore={record.restoreRecovered}
              onDiscard={record.discardRecovered}
            />
            {record.changedElsewhere && !conflict && <ChangedElsewhereNotice noun="page" onReload={record.reload} />}
          </>
        }
        preview={
          <PagePreviewButton
            id={page.id}
            locale={locale}
            draft={(record.outgoing as LandingPage | undefined) ?? draft}
            valid={Object.keys(record.errors).length === 0}
            variant={previewVariant}
            onVariant={setPreviewVariant}
            english={inEnglish}
            className={stored ? undefined : "sm:mr-auto"}
          />
        }
        results={
          stored &&
          !translating &&
          variantB(stored.data) && <PageResults id={stored.id} canUseB={publisher} using={using} onUseB={chooseB} />
        }
      />
      <ConflictDialog
        noun="page"
        label={name(conflict?.data.title ?? "")}
        current={conflict}
        busy={record.saving}
        onReload={record.reloadTheirs}
        onOverwrite={() => conflict && void save({ version: conflict.version })}
        onKeepEditing={record.keepEditing}
      />
      {stored && (
        <HistoryDialog
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          title={`History of ${name(stored.data.title)}`}
          currentVersion={stored.version}
          dirty={record.dirty}
          scope={!isTranslated(locale) ? "to this page" : `to this page in ${LOCALES[locale].label}`}
          emptyMessage={
            !isTranslated(locale)
              ? "This page has no saved versions yet."
              : `Nothing was saved in ${LOCALES[locale].label} yet: the page is not translated.`
          }
          load={() => listPageRevisions(stored.id, translation?.locale)}
          onRestore={(revision) => editor.restore(ref, revision)}
        />
      )}
      {translation && (
        <DeleteTranslationDialog
          noun="page"
          open={deleteOpen}
          onOpenChange={setDeleteOpen}
          locale={translation.locale}
          title={pageName(record.draft.title || translation.englishTexts["title"] || "")}
          dirty={record.dirty}
          onConfirm={removeTranslation}
        />
      )}
    </TranslatingContext.Provider>
  );
}
