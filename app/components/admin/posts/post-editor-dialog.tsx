import { RefreshCw } from "lucide-react";
import { useMemo, useState, useSyncExternalStore } from "react";
import { LOCALES, locales, type Locale, isTranslated } from "#content/locales.ts";
import type { PostRecord } from "#content/posts.ts";
import { publishes } from "#content/roles.ts";
import type { BlogPost } from "#content/schemas.ts";
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
import { listPostRevisions } from "../data/admin-api.ts";
import { useEditorLanguage } from "../data/editor-language.ts";
import {
  isPostTranslationCopy,
  previewedTranslation,
  type PostTranslationCopy,
} from "../data/post-translation-copy.ts";
import { postRef, sameRecord, type RecordRef } from "../data/record-ref.ts";
import { textsInLanguage } from "../data/translation-copy.ts";
import { useOpenRecord } from "../data/use-open-record.ts";
import { useRecordEditor, useRecordStore } from "../data/use-record-editor.ts";
import { LanguageSwitch } from "../editor/language-switch.tsx";
import { TranslateButton } from "../editor/translate-button.tsx";
import { TranslatingContext, type Translating } from "../editor/translating.ts";
import { applyText } from "../editor/use-translate.ts";
import { HistoryDialog } from "../history-dialog.tsx";
import { useRole } from "../role-context.ts";
import { ListError, ListLoading } from "../list-parts.tsx";
import { PostPreviewButton } from "../preview/post-preview-button.tsx";
import { TranslationProgress } from "../translation-progress.tsx";
import { DeleteTranslationDialog } from "./delete-translation-dialog.tsx";
import { PostAddressField } from "./post-address-field.tsx";
import { PostForm } from "./post-form.tsx";
import { postName, postToasts } from "./post-list.ts";
import type { PostEditor } from "./use-post-editor.ts";

/**
 * The post editor's dialogs: "Edit Post" (loading the post's body first),
 * the conflict dialog of a stale save, and the post's History.
 */
export function PostEditorDialog({ editor }: { editor: PostEditor }) {
  const { state } = editor;
  return (
    <Dialog open={state.status !== "closed"} onOpenChange={(open) => !open && editor.close()}>
      {state.status === "loading" && (
        <DialogContent
          title="Edit Post"
          description={state.title ? `Opening “${state.title}”.` : "Opening the post."}
          className="max-w-3xl"
        >
          <p className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600" role="status">
            <Spinner />
            Loading post…
          </p>
        </DialogContent>
      )}
      {state.status === "failed" && (
        <DialogContent
          title="Edit Post"
          description={state.title ? `“${state.title}” could not be opened.` : "The post could not be opened."}
        >
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
      {state.status === "open" && <OpenPost post={state.post} editor={editor} />}
    </Dialog>
  );
}

/** The form's first text field (the title): where "Edit Post" puts focus as it opens. */
const FIRST_FIELD = "form :is(input, textarea):not([readonly], [type=radio])";

/**
 * The open post: the language switch (the admin's one language setting) and
 * the post in the chosen language. A post not stored yet is written in
 * English; each other language is a record of its own, loaded when first chosen.
 */
function OpenPost({ post, editor }: { post: RecordRef; editor: PostEditor }) {
  const [language, setLanguage] = useEditorLanguage();
  const locale: Locale = post.id === null ? "en" : language;
  const unsaved = useUnsavedLanguages(post.id);
  // Bumped when the shown translation is deleted: the language is opened again, not translated.
  const [opening, setOpening] = useState(0);
  const { htmlLang, nativeName } = LOCALES[locale];
  // A Writer's save is a draft (content/roles.ts): theirs publishes nothing.
  const publisher = publishes(useRole());

  return (
    <DialogContent
      title="Edit Post"
      description={
        !publisher ? (
          "Save keeps your changes as a draft; Submit for review asks an Editor to publish it; Cancel discards them."
        ) : post.id === null ? (
          "Save publishes the post on the blog; Cancel discards it."
        ) : !isTranslated(locale) ? (
          "Save publishes your changes to this post; Cancel discards them."
        ) : (
          <>
            Save stores this post in <span lang={htmlLang}>{nativeName}</span>, English stays as it is; Cancel discards
            your edits.
          </>
        )
      }
      className="max-w-3xl"
      onOpenAutoFocus={(event) => {
        // The first field, as before the language switch came above it (a language still loading: the switch).
        const field = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(FIRST_FIELD);
        if (!field) return;
        event.preventDefault();
        field.focus();
      }}
    >
      {post.id === null ? (
        isTranslated(language) && (
          <p className="rounded-xl bg-slate-50 px-4 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200">
            A new post is written in English first. Once it is saved, open it again and choose{" "}
            <span lang={LOCALES[language].htmlLang}>{LOCALES[language].nativeName}</span> to translate it.
          </p>
        )
      ) : (
        <LanguageSwitch value={locale} onChange={setLanguage} unsaved={unsaved} className="justify-self-start" />
      )}
      <PostInLanguage
        key={`${locale}:${opening}`}
        post={post}
        locale={locale}
        editor={editor}
        onEnglish={() => setLanguage("en")}
        onTranslationDeleted={() => setOpening((n) => n + 1)}
      />
    </DialogContent>
  );
}

/** Which languages of post `id` hold unsaved changes (the language switch marks them). */
function useUnsavedLanguages(id: string | null): (locale: Locale) => boolean {
  const store = useRecordStore();
  const dirty = useSyncExternalStore(
    store.subscribe,
    () => locales.filter((locale) => store.isDirty((ref) => sameRecord(ref, postRef(id, locale)))).join(" "),
    () => "",
  );
  return (locale) => dirty.split(" ").includes(locale);
}

/** How a post's text is written ("Translate from English" keeps a body's Markdown). */
const postTextFormat = (path: string) => textFormat("post", path);

/**
 * The post in one language, as the record store holds it: its form, notices,
 * conflict dialog and History; in Sinhala or Tamil, "Translate from English"
 * (mounted afresh per language, as this is).
 */
function PostInLanguage({
  post,
  locale,
  editor,
  onEnglish,
  onTranslationDeleted,
}: {
  post: RecordRef;
  locale: Locale;
  editor: PostEditor;
  onEnglish: () => void;
  onTranslationDeleted: () => void;
}) {
  const ref = useMemo(() => postRef(post.id, locale), [post.id, locale]);
  const opened = useOpenRecord(ref);
  const record = useRecordEditor<BlogPost>(ref);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const base = record?.base;
  const translation = base && isPostTranslationCopy(base) ? base : null;
  const confirmed = record?.confirmed;
  const confirm = record?.confirm;
  const translating = useMemo<Translating | null>(
    () =>
      translation && confirm
        ? { locale: translation.locale, texts: textsInLanguage(translation, confirmed), confirm }
        : null,
    [translation, confirmed, confirm],
  );
  // What Preview shows: a translation as a save sends it (English for the empty texts), without its address.
  const outgoing = record?.outgoing;
  const previewed = useMemo(
    () => (outgoing && translation ? previewedTranslation(outgoing) : outgoing),
    [outgoing, translation],
  );
  const { htmlLang, nativeName } = LOCALES[locale];

  if (!record) {
    if (opened.status === "failed")
      return (
        <ListError onRetry={opened.retry}>
          The post in <span lang={htmlLang}>{nativeName}</span> could not be loaded: {opened.reason}
        </ListError>
      );
    return (
      <ListLoading>
        Loading <span lang={htmlLang}>{nativeName}</span>…
      </ListLoading>
    );
  }

  const stored = post.id === null ? null : (record.base as PostRecord | PostTranslationCopy);
  const conflict = record.conflict as PostRecord | PostTranslationCopy | null;
  const valid = Object.keys(record.errors).length === 0;
  const name = (title: string) => `“${postName(title)}”${!isTranslated(locale) ? "" : ` (${nativeName})`}`;
  const draft = record.draft as BlogPost & { slug?: string };

  const save = async (version?: number, saved = postToasts.saved(locale)) => {
    const outcome = await editor.save(ref, version);
    if (outcome.kind === "saved") toast.success("Success", { description: saved });
    else if (outcome.kind === "failed")
      toast.error("Error", { description: postToasts.saveFailed(outcome.reason, locale) });
  };

  const removeTranslation = async () => {
    try {
      await editor.removeTranslation(ref);
      toast.success("Success", { description: postToasts.translationDeleted(locale) });
      onTranslationDeleted();
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      toast.error("Error", { description: postToasts.deleteFailed(reason, locale) });
    }
  };

  return (
    <TranslatingContext.Provider value={translating}>
      <PostForm
        draft={draft}
        errors={record.errors}
        isNew={stored === null}
        saving={record.saving}
        onChange={(patch) => record.updateDraft((current) => ({ ...current, ...patch }))}
        onSave={() => void save()}
        onCancel={editor.close}
        onHistory={() => setHistoryOpen(true)}
        onEnglish={onEnglish}
        onDeleteTranslation={translation && translation.version > 0 ? () => setDeleteOpen(true) : undefined}
        onReview={(review) => {
          // The mark goes with the other edits in one save (./review-field.tsx).
          record.updateDraft((current) => ({ ...current, review }));
          void save(undefined, review ? postToasts.submitted(locale) : postToasts.backToDraft(locale));
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
                    formatOf: postTextFormat,
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
            {record.changedElsewhere && !conflict && <ChangedElsewhereNotice noun="post" onReload={record.reload} />}
          </>
        }
        address={
          translation && (
            <PostAddressField
              locale={translation.locale}
              value={draft.slug ?? ""}
              saved={translation.slug}
              isSaved={translation.version > 0}
              onChange={(slug) => record.updateDraft((current) => ({ ...current, slug }))}
              error={record.errors["slug"]}
            />
          )
        }
        preview={
          <PostPreviewButton
            record={stored}
            draft={previewed ?? record.draft}
            valid={valid}
            translation={translation ? { locale: translation.locale, slug: translation.slug } : undefined}
            className={stored ? undefined : "sm:mr-auto"}
          />
        }
      />
      <ConflictDialog
        noun="post"
        label={name(conflict?.data.title ?? "")}
        current={conflict}
        busy={record.saving}
        onReload={record.reloadTheirs}
        onOverwrite={() => conflict && void save(conflict.version)}
        onKeepEditing={record.keepEditing}
      />
      {stored && (
        <HistoryDialog
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          title={`History of ${name(stored.data.title)}`}
          currentVersion={stored.version}
          dirty={record.dirty}
          scope={!isTranslated(locale) ? "to this post" : `to this post in ${LOCALES[locale].label}`}
          emptyMessage={
            !isTranslated(locale)
              ? "This post has no saved versions yet."
              : `Nothing was saved in ${LOCALES[locale].label} yet: the post is not translated.`
          }
          load={() => listPostRevisions(stored.id, translation?.locale)}
          onRestore={(revision) => editor.restore(ref, revision)}
        />
      )}
      {translation && (
        <DeleteTranslationDialog
          open={deleteOpen}
          onOpenChange={setDeleteOpen}
          locale={translation.locale}
          title={postName(record.draft.title || translation.englishTexts["title"] || "")}
          dirty={record.dirty}
          onConfirm={removeTranslation}
        />
      )}
    </TranslatingContext.Provider>
  );
}
