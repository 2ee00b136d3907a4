import { RefreshCw } from "lucide-react";
import { useMemo, useState, useSyncExternalStore } from "react";
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
import { DraftNotice } from "../draft-notice.tsx";
import { useEditorLanguage } from "../data/editor-language.ts";
import { sameRecord, type RecordRef, type StoredRecord } from "../data/record-ref.ts";
import { textsInLanguage } from "../data/translation-copy.ts";
import { useOpenRecord } from "../data/use-open-record.ts";
import { useRecordEditor, useRecordStore } from "../data/use-record-editor.ts";
import { HistoryDialog } from "../history-dialog.tsx";
import { ListError, ListLoading } from "../list-parts.tsx";
import { DeleteTranslationDialog } from "../posts/delete-translation-dialog.tsx";
import { useRole } from "../role-context.ts";
import { TranslationProgress } from "../translation-progress.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import type { DialogDraft, DialogSaveOptions, DialogStored, DialogTranslation } from "./record-dialog-kind.ts";
import { TranslateButton } from "./translate-button.tsx";
import { TranslatingContext, type Translating } from "./translating.ts";
import type { RecordDialogEditor } from "./use-record-dialog.ts";
import { applyText } from "./use-translate.ts";

/**
 * The editor dialog of a record ("Edit Post", "Edit Page"; ./use-record-dialog.ts): the record being
 * read (or why it could not be), then the open record, with its conflict dialog and History. What
 * differs between kinds is the editor's `kind` (./record-dialog-kind.ts).
 */
export function RecordDialog<T extends DialogDraft, S extends DialogStored, C extends DialogTranslation>({
  editor,
}: {
  editor: RecordDialogEditor<T, S, C>;
}) {
  const { state, kind } = editor;
  return (
    <Dialog open={state.status !== "closed"} onOpenChange={(open) => !open && editor.close()}>
      {state.status === "loading" && (
        <DialogContent title={kind.title} description={kind.opening(state.title)} className={kind.size}>
          <p className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600" role="status">
            <Spinner />
            {`Loading ${kind.noun}…`}
          </p>
        </DialogContent>
      )}
      {state.status === "failed" && (
        <DialogContent title={kind.title} description={kind.openFailed(state.title)}>
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
      {state.status === "open" && <OpenRecord id={state.record.id} editor={editor} />}
    </Dialog>
  );
}

/** The form's first text field (the title): where the dialog puts focus as it opens. */
const FIRST_FIELD = "form :is(input, textarea):not([readonly], [type=radio])";

/**
 * The open record: the language switch (the admin's one language setting) and the record in the
 * chosen language. A record not stored yet is written in English; each other language is a record
 * of its own, loaded when first chosen.
 */
function OpenRecord<T extends DialogDraft, S extends DialogStored, C extends DialogTranslation>({
  id,
  editor,
}: {
  id: string | null;
  editor: RecordDialogEditor<T, S, C>;
}) {
  const { kind } = editor;
  const [language, setLanguage] = useEditorLanguage();
  const locale: Locale = id === null ? "en" : language;
  const unsaved = useUnsavedLanguages((locale) => kind.ref(id, locale));
  // Bumped when the shown translation is deleted: the language is opened again, not translated.
  const [opening, setOpening] = useState(0);
  const { htmlLang, nativeName } = LOCALES[locale];
  // A Writer's save is a draft (content/roles.ts): theirs publishes nothing.
  const publisher = publishes(useRole());

  return (
    <DialogContent
      title={id === null ? (kind.newTitle ?? kind.title) : kind.title}
      description={
        !publisher ? (
          "Save keeps your changes as a draft; Submit for review asks an Editor to publish it; Cancel discards them."
        ) : id === null && kind.saves.created ? (
          kind.saves.created
        ) : !isTranslated(locale) ? (
          kind.saves.stored
        ) : (
          <>
            {`Save stores this ${kind.noun} in `}
            <span lang={htmlLang}>{nativeName}</span>, English stays as it is; Cancel discards your edits.
          </>
        )
      }
      className={kind.stickyFooter ? `${kind.size} pb-0` : kind.size}
      onOpenAutoFocus={(event) => {
        // The first field, as before the language switch came above it (a language still loading: the switch).
        const field = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(FIRST_FIELD);
        if (!field) return;
        event.preventDefault();
        field.focus();
      }}
    >
      {id === null ? (
        isTranslated(language) && (
          <p className="rounded-xl bg-slate-50 px-4 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200">
            {`A new ${kind.noun} is written in English first. Once it is saved, open it again and choose`}{" "}
            <span lang={LOCALES[language].htmlLang}>{LOCALES[language].nativeName}</span> to translate it.
          </p>
        )
      ) : (
        <LanguageSwitch value={locale} onChange={setLanguage} unsaved={unsaved} className="justify-self-start" />
      )}
      <RecordInLanguage
        key={`${locale}:${opening}`}
        id={id}
        locale={locale}
        editor={editor}
        onEnglish={() => setLanguage("en")}
        onTranslationDeleted={() => setOpening((n) => n + 1)}
      />
    </DialogContent>
  );
}

/** Which languages of the open record (`refIn` each) hold unsaved changes (the language switch marks them). */
function useUnsavedLanguages(refIn: (locale: Locale) => RecordRef): (locale: Locale) => boolean {
  const store = useRecordStore();
  const dirty = useSyncExternalStore(
    store.subscribe,
    () => locales.filter((locale) => store.isDirty((ref) => sameRecord(ref, refIn(locale)))).join(" "),
    () => "",
  );
  return (locale) => dirty.split(" ").includes(locale);
}

/**
 * The record in one language, as the record store holds it: its form (the kind's), notices, conflict
 * dialog and History; in Sinhala or Tamil, "Translate from English" (mounted afresh per language, as this is).
 */
function RecordInLanguage<T extends DialogDraft, S extends DialogStored, C extends DialogTranslation>({
  id,
  locale,
  editor,
  onEnglish,
  onTranslationDeleted,
}: {
  id: string | null;
  locale: Locale;
  editor: RecordDialogEditor<T, S, C>;
  onEnglish: () => void;
  onTranslationDeleted: () => void;
}) {
  const { kind } = editor;
  const ref = useMemo(() => kind.ref(id, locale), [kind, id, locale]);
  const opened = useOpenRecord(ref);
  const record = useRecordEditor<T>(ref);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  // The draft the server last refused, by its reason (a page's address taken: its field says so while it is typed).
  const [refusals, setRefusals] = useState<Partial<Record<string, T>>>({});
  const base = record?.base;
  const translation = base && kind.isTranslation(base) ? base : null;
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
          {`The ${kind.noun} in `}
          <span lang={htmlLang}>{nativeName}</span> could not be loaded: {opened.reason}
        </ListError>
      );
    return (
      <ListLoading>
        Loading <span lang={htmlLang}>{nativeName}</span>…
      </ListLoading>
    );
  }

  const stored = id === null ? null : (record.base as StoredRecord as S);
  const conflict = record.conflict as S | null;
  const name = (title: string) => `“${kind.name(title)}”${!isTranslated(locale) ? "" : ` (${nativeName})`}`;
  const { draft, updateDraft } = record;

  const save = async (options: DialogSaveOptions = {}, saved = kind.toasts.saved(locale)) => {
    const outcome = await editor.save(ref, options);
    if (outcome.kind === "saved") toast.success("Success", { description: saved });
    else if (outcome.kind === "failed") {
      setRefusals((refused) => ({ ...refused, [outcome.reason]: draft }));
      toast.error("Error", { description: kind.toasts.saveFailed(outcome.reason, locale) });
    }
    return outcome.kind === "saved";
  };

  const removeTranslation = async () => {
    try {
      await editor.removeTranslation(ref);
      toast.success("Success", { description: kind.toasts.translationDeleted(locale) });
      onTranslationDeleted();
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      toast.error("Error", { description: kind.toasts.translationDeleteFailed(reason, locale) });
    }
  };

  return (
    <TranslatingContext.Provider value={translating}>
      <kind.Form
        record={record}
        id={id}
        locale={locale}
        stored={stored}
        translation={translation}
        save={save}
        refused={(reason) => refusals[reason]}
        form={{
          draft,
          errors: record.errors,
          isNew: stored === null,
          saving: record.saving,
          onSave: () => void save(),
          onCancel: editor.close,
          onHistory: () => setHistoryOpen(true),
          onEnglish,
          onDeleteTranslation: translation && translation.version > 0 ? () => setDeleteOpen(true) : undefined,
          onReview: (review) => {
            // The mark goes with the other edits in one save (../posts/review-field.tsx).
            updateDraft((current) => ({ ...current, review }));
            void save({}, review ? kind.toasts.submitted(locale) : kind.toasts.backToDraft(locale));
          },
          status: (translating || record.dirty) && (
            <div className="grid gap-2">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {translating && (
                  <TranslationProgress locale={translating.locale} texts={translating.texts} draft={draft} />
                )}
                {record.dirty && <Badge variant="warning">Unsaved changes</Badge>}
              </div>
              {translating && (
                <TranslateButton
                  target={{
                    ...translating,
                    draft,
                    // How the kind's texts are written ("Translate from English" keeps a body's Markdown).
                    formatOf: (path) => textFormat(kind.noun, path),
                    apply: applyText(updateDraft),
                  }}
                />
              )}
            </div>
          ),
          notice: (
            <>
              <DraftNotice
                draft={record.recovered}
                dirty={record.dirty}
                onRestore={record.restoreRecovered}
                onDiscard={record.discardRecovered}
              />
              {record.changedElsewhere && !conflict && (
                <ChangedElsewhereNotice noun={kind.noun} onReload={record.reload} />
              )}
            </>
          ),
        }}
      />
      <ConflictDialog
        noun={kind.noun}
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
          scope={!isTranslated(locale) ? `to this ${kind.noun}` : `to this ${kind.noun} in ${LOCALES[locale].label}`}
          emptyMessage={
            !isTranslated(locale)
              ? `This ${kind.noun} has no saved versions yet.`
              : `Nothing was saved in ${LOCALES[locale].label} yet: the ${kind.noun} is not translated.`
          }
          load={() => kind.revisions(stored.id, translation?.locale)}
          onRestore={(revision) => editor.restore(ref, revision)}
        />
      )}
      {translation && (
        <DeleteTranslationDialog
          noun={kind.noun}
          open={deleteOpen}
          onOpenChange={setDeleteOpen}
          locale={translation.locale}
          title={kind.name(draft.title || translation.englishTexts["title"] || "")}
          dirty={record.dirty}
          onConfirm={removeTranslation}
        />
      )}
    </TranslatingContext.Provider>
  );
}
