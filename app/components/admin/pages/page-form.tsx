import { useId, type ReactNode } from "react";
import { LANDING_PATH_TAKEN } from "#content/landing-pages.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import type { Locale } from "#content/locales.ts";
import { publishes } from "#content/roles.ts";
import { Label } from "#app/components/ui/label.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { EditorFooter } from "../editor/editor-footer.tsx";
import { EditorSection } from "../editor/editor-section.tsx";
import { ImageUrlField } from "../editor/image-url-field.tsx";
import { FormProblems } from "../editor/form-problems.tsx";
import { TextField } from "../editor/text-field.tsx";
import { useTranslating } from "../editor/translating.ts";
import { withoutSharedDate } from "../posts/publishing.ts";
import { PublishingOrReview } from "../posts/review-field.tsx";
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
        <PublishingOrReview
          record={draft}
          publisher={publisher}
          isNew={isNew}
          saving={saving}
          disabled={problems > 0}
          locale={locale}
          subject="page"
          onReview={onReview}
          onChange={(change) => patch(withoutSharedDate(change) as Partial<LandingPage>)}
        />
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
      <EditorFooter
        sticky
        isNew={isNew}
        saving={saving}
        problems={problems}
        preview={preview}
        onHistory={onHistory}
        onDeleteTranslation={onDeleteTranslation}
        onCancel={onCancel}
      />
    </form>
  );
}
