import { History, Trash2 } from "lucide-react";
import { useId, type ReactNode } from "react";
import { LANDING_PATH_TAKEN } from "#content/landing-pages.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import { LOCALES, type Locale } from "#content/locales.ts";
import { inReview } from "#content/post-status.ts";
import { publishes } from "#content/roles.ts";
import { Button } from "#app/components/ui/button.tsx";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { EditorSection } from "../editor/editor-section.tsx";
import { ImageUrlField } from "../editor/image-url-field.tsx";
import { FormProblems } from "../editor/form-problems.tsx";
import { TextField } from "../editor/text-field.tsx";
import { useTranslating } from "../editor/translating.ts";
import { PublishingField } from "../posts/publishing-field.tsx";
import { withoutSharedDate } from "../posts/publishing.ts";
import { StaffReviewNote, WriterReviewField } from "../posts/review-field.tsx";
import { useRole } from "../role-context.ts";
import { SharedInEnglishNote } from "../shared-in-english-note.tsx";
import { BlocksEditor } from "./blocks-editor.tsx";
import { withBlocks } from "./page-blocks.ts";
import { VariantSection } from "./variant-section.tsx";

/**
 * "Edit Page" (issue 42): a page's settings (address, title, description, share image, "Hide from
 * search engines", publishing or review), its blocks and its variant B, in one language. In Sinhala
 * or Tamil (the TranslatingContext its dialog gives), only the texts are edited, each beside its
 * English; the rest is shared by every language, shown read-only or not at all.
 */
export function PageForm({
  draft,
  errors,
  isNew,
  saving,
  taken,
  update,
  onSave,
  onCancel,
  onHistory,
  onEnglish,
  onReview,
  onDeleteTranslation,
  status,
  notice,
  results,
  preview,
}: {
  draft: LandingPage;
  errors: FieldErrors;
  isNew: boolean;
  saving: boolean;
  /** The address the server last refused as another page's (its message shows while it is typed). */
  taken: string | null;
  update: (change: (page: LandingPage) => LandingPage) => void;
  onSave: () => void;
  onCancel: () => void;
  onHistory: () => void;
  onEnglish: () => void;
  onReview: (review: boolean) => void;
  /** Deletes the page's translation shown (a saved one, in Sinhala or Tamil). */
  onDeleteTranslation?: (() => void) | undefined;
  status?: ReactNode;
  notice?: ReactNode;
  /** The A/B results of a stored page with a B. */
  results?: ReactNode;
  preview?: ReactNode;
}) {
  const translating = useTranslating();
  const locale: Locale = translating?.locale ?? "en";
  const publisher = publishes(useRole());
  const noindexId = useId();
  const problems = Object.keys(errors).length;
  const patch = (change: Partial<LandingPage>) => update((page) => ({ ...page, ...change }));
  const pathError = errors["path"] ?? (taken !== null && draft.path === taken ? LANDING_PATH_TAKEN : undefined);

  return (
    <form
      className="grid gap-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (problems === 0 && !saving) onSave();
      }}
    >
      {status}
      {notice}
      <EditorSection title="Settings">
        {translating && <SharedInEnglishNote onEnglish={onEnglish} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Title"
            path="title"
            value={draft.title}
            onChange={(title) => patch({ title })}
            error={errors["title"]}
          />
          <TextField
            label="Address"
            hint="Where the page answers, such as /offers/colombo-smes."
            value={draft.path}
            onChange={(path) => patch({ path: path.trim() })}
            error={pathError}
            spellCheck={false}
          />
        </div>
        <TextField
          label="Description"
          path="description"
          hint="Shown by search engines and in link previews."
          value={draft.description}
          onChange={(description) => patch({ description })}
          error={errors["description"]}
          multiline
          rows={2}
        />
        <ImageUrlField
          label="Share image"
          hint="Shown in link previews. Leave empty for the site's own."
          value={draft.image}
          onChange={(image) => patch({ image })}
          error={errors["image"]}
        />
        {!translating && (
          <div className="flex items-start gap-3">
            <Switch id={noindexId} checked={draft.noindex} onCheckedChange={(noindex) => patch({ noindex })} />
            <div className="grid gap-0.5">
              <Label htmlFor={noindexId}>Hide from search engines</Label>
              <p className="text-xs text-slate-600">
                Visitors with the link still see it; search engines and the sitemap leave it out.
              </p>
            </div>
          </div>
        )}
        {publisher ? (
          <>
            {!isNew && inReview(draft) && <StaffReviewNote saving={saving} onReview={onReview} />}
            <PublishingField
              post={draft}
              locale={locale}
              subject="page"
              onChange={(change) => patch(withoutSharedDate(change) as Partial<LandingPage>)}
            />
          </>
        ) : (
          <WriterReviewField post={draft} saving={saving} disabled={problems > 0} onReview={onReview} />
        )}
      </EditorSection>

      <EditorSection
        title="Blocks"
        description={
          translating
            ? "Translate each block's texts. Blocks are added, moved and removed in English."
            : "The page from top to bottom. Drag a block by its grip, or use the arrows, to move it."
        }
      >
        <BlocksEditor
          blocks={draft.blocks}
          path="blocks"
          label="Blocks"
          errors={errors}
          update={(change) => update((page) => withBlocks(page, "blocks", change(page.blocks)))}
        />
      </EditorSection>

      <VariantSection page={draft} errors={errors} update={update} results={results} />

      <FormProblems count={problems} />
      {/* Kept in view under the long form, in one row even on a phone. */}
      <DialogFooter className="sticky bottom-0 -mx-6 -mb-6 flex-row flex-wrap items-center justify-end border-t border-slate-200 bg-white px-6 py-3">
        {!isNew && (
          <Button variant="outline" className="mr-auto" onClick={onHistory} disabled={saving}>
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
    </form>
  );
}
