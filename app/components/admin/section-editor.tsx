import { History } from "lucide-react";
import { useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { LOCALES, locales, type Locale } from "#content/locales.ts";
import { textFormat } from "#content/translatable.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { ListError } from "./list-parts.tsx";
import { listRevisions } from "./data/admin-api.ts";
import { useEditorLanguage } from "./data/editor-language.ts";
import { documentRef, localeOf, sameRecord } from "./data/record-ref.ts";
import type { RecordStore } from "./data/record-store.ts";
import { isTranslationCopy, textsInLanguage } from "./data/translation-copy.ts";
import { useOpenRecord } from "./data/use-open-record.ts";
import { useRecordEditor, useRecordStore } from "./data/use-record-editor.ts";
import { LanguageSwitch } from "./editor/language-switch.tsx";
import { TranslateButton } from "./editor/translate-button.tsx";
import { TranslatingContext, type Translating } from "./editor/translating.ts";
import { applyText } from "./editor/use-translate.ts";
import { useWaitingErrors } from "./editor/waiting-errors.ts";
import { ChangedElsewhereNotice } from "./changed-elsewhere-notice.tsx";
import { ConflictDialog } from "./conflict-dialog.tsx";
import { DraftNotice } from "./draft-notice.tsx";
import { HistoryDialog } from "./history-dialog.tsx";
import { DocumentPreviewButton } from "./preview/document-preview-button.tsx";
import { SharedInEnglishNote } from "./shared-in-english-note.tsx";
import type { FieldErrors } from "./editor-types.ts";
import type { AdminSection } from "./tab-registry.tsx";
import { TranslationProgress } from "./translation-progress.tsx";

/**
 * The frame around a tab's editor for one document (its state lives in the
 * admin's record store, read through useRecordEditor): the language switch,
 * the save button and its toasts, the unsaved, kept-draft and
 * changed-elsewhere notices, the conflict dialog of a stale save, and
 * History. In Sinhala or Tamil it edits that language's record of the
 * document (`document:home@si`), loaded when first chosen, with each text's
 * English beside it and how many are translated (issue 25), and "Translate
 * from English" to fill them with the model's drafts (issue 26).
 */
export function SectionEditor({ section, heading }: { section: AdminSection; heading?: ReactNode }) {
  const [language, setLanguage] = useEditorLanguage();
  const ref = useMemo(() => documentRef(section.key, language), [section.key, language]);
  const opened = useOpenRecord(ref);
  const editor = useRecordEditor(ref);
  const unsaved = useUnsavedLanguages(useRecordStore(), section);
  const [historyOpen, setHistoryOpen] = useState(false);
  const base = editor?.base;
  const confirmed = editor?.confirmed;
  const confirm = editor?.confirm;
  const translating = useMemo<Translating | null>(
    () =>
      base && isTranslationCopy(base) && confirm
        ? { locale: base.locale, texts: textsInLanguage(base, confirmed), confirm }
        : null,
    [base, confirmed, confirm],
  );
  const errors = useWaitingErrors(editor?.errors ?? NO_ERRORS, editor?.draft);
  const problems = Object.keys(errors.shown).length;

  const save = async (version?: number) => {
    if (!editor || (version === undefined && !errors.trySave())) return;
    const outcome = await editor.save(version);
    if (outcome.kind === "saved") toast.success("Success", { description: section.successMessage(language) });
    else if (outcome.kind === "failed")
      toast.error("Error", { description: section.failureMessage(outcome.reason, language) });
  };

  return (
    <section aria-label={`${section.label} editor`} className="grid grid-cols-1 gap-6 pb-6" onBlur={errors.onBlur}>
      <div className="sticky top-0 z-20 -mx-4 grid gap-2 rounded-t-2xl border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {heading}
          <LanguageSwitch value={language} onChange={setLanguage} unsaved={unsaved} />
          {editor?.dirty && <Badge variant="warning">Unsaved changes</Badge>}
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <DocumentPreviewButton
              documentKey={section.key}
              locale={language}
              draft={editor?.outgoing}
              valid={editor !== null && Object.keys(editor.errors).length === 0}
            />
            <Button variant="outline" className="px-3 sm:px-4" disabled={!editor} onClick={() => setHistoryOpen(true)}>
              <History aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">History</span>
            </Button>
            <PendingButton
              onClick={() => void save()}
              pending={editor?.saving ?? false}
              pendingLabel="Saving..."
              disabled={!editor || problems > 0}
            >
              {section.saveLabel}
            </PendingButton>
          </div>
        </div>
        {translating && editor && (
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <TranslationProgress locale={translating.locale} texts={translating.texts} draft={editor.draft} />
            <TranslateButton
              key={`${section.key}@${translating.locale}`}
              target={{
                ...translating,
                draft: editor.draft,
                formatOf: (path) => textFormat(section.key, path),
                apply: applyText(editor.updateDraft),
              }}
            />
          </div>
        )}
        {problems > 0 && (
          <p className="text-sm font-medium text-red-700" role="status">
            {problems === 1 ? "1 field needs" : `${problems} fields need`} attention before you can save. Nothing you
            typed is lost.
          </p>
        )}
      </div>

      {opened.status === "loading" && !editor && (
        <p className="flex items-center justify-center gap-2 py-12 text-sm text-slate-600" role="status">
          <Spinner />
          Loading <span lang={LOCALES[language].htmlLang}>{LOCALES[language].nativeName}</span>…
        </p>
      )}
      {opened.status === "failed" && (
        <ListError onRetry={opened.retry}>
          The <span lang={LOCALES[language].htmlLang}>{LOCALES[language].nativeName}</span> texts could not be loaded:{" "}
          {opened.reason}
        </ListError>
      )}

      {editor && (
        <>
          <DraftNotice
            draft={editor.recovered}
            dirty={editor.dirty}
            onRestore={editor.restoreRecovered}
            onDiscard={editor.discardRecovered}
          />
          {editor.changedElsewhere && !editor.conflict && <ChangedElsewhereNotice onReload={editor.reload} />}
          {translating && <SharedInEnglishNote onEnglish={() => setLanguage("en")} />}

          <TranslatingContext.Provider value={translating}>
            {section.render({ value: editor.draft, onChange: editor.setDraft, errors: errors.shown })}
          </TranslatingContext.Provider>

          <ConflictDialog
            label={section.labelIn(language)}
            current={editor.conflict}
            busy={editor.saving}
            onReload={editor.reloadTheirs}
            onOverwrite={() => editor.conflict && void save(editor.conflict.version)}
            onKeepEditing={editor.keepEditing}
          />
          <HistoryDialog
            open={historyOpen}
            onOpenChange={setHistoryOpen}
            title={`${section.labelIn(language)} history`}
            currentVersion={editor.base.version}
            dirty={editor.dirty}
            load={() => listRevisions(section.key, localeOf(ref))}
            onRestore={editor.restore}
            {...(translating && {
              emptyMessage: `Nothing was saved in ${LOCALES[translating.locale].label} yet: the site shows the built-in texts, and English where there are none.`,
            })}
          />
        </>
      )}
    </section>
  );
}

const NO_ERRORS: FieldErrors = {};

/** Which languages of `section`'s document hold unsaved changes (the language switch marks them). */
function useUnsavedLanguages(store: RecordStore, section: AdminSection): (locale: Locale) => boolean {
  const dirty = useSyncExternalStore(
    store.subscribe,
    () =>
      locales.filter((locale) => store.isDirty((ref) => sameRecord(ref, documentRef(section.key, locale)))).join(" "),
    () => "",
  );
  return (locale) => dirty.split(" ").includes(locale);
}
