import { useId, type ReactNode } from "react";
import { LANDING_PATH_TAKEN } from "#content/landing-pages.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import { Label } from "#app/components/ui/label.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { EditorForm } from "../editor/editor-form.tsx";
import { EditorSection } from "../editor/editor-section.tsx";
import { ImageUrlField } from "../editor/image-url-field.tsx";
import type { DialogFormProps } from "../editor/record-dialog-kind.ts";
import { TextField } from "../editor/text-field.tsx";
import { useTranslating } from "../editor/translating.ts";
import { withoutSharedDate } from "../posts/publishing.ts";
import { PublishingOrReview } from "../posts/review-field.tsx";
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
  onEnglish,
  onReview,
  results,
  ...frame
}: DialogFormProps<LandingPage> & {
  /** The address the server last refused as another page's (its message shows while it is typed). */
  taken: string | null;
  update: (change: (page: LandingPage) => LandingPage) => void;
  /** The A/B results of a stored page with a B. */
  results?: ReactNode;
  /** The Preview button (../preview/page-preview-button.tsx). */
  preview?: ReactNode;
}) {
  const translating = useTranslating();
  const noindexId = useId();
  const problems = Object.keys(errors).length;
  const patch = (change: Partial<LandingPage>) => update((page) => ({ ...page, ...change }));
  const pathError = errors["path"] ?? (taken !== null && draft.path === taken ? LANDING_PATH_TAKEN : undefined);

  return (
    <EditorForm {...frame} errors={errors} isNew={isNew} saving={saving} className="grid gap-6" sticky>
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
          isNew={isNew}
          saving={saving}
          disabled={problems > 0}
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
    </EditorForm>
  );
}
