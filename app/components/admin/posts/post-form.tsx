import { useState, type ReactNode } from "react";
import type { BlogPost } from "#content/schemas.ts";
import { publishes } from "#content/roles.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { AiButton } from "../editor/ai-button.tsx";
import { EditorForm } from "../editor/editor-form.tsx";
import { ImageUrlField, UseAltField } from "../editor/image-url-field.tsx";
import type { DialogFormProps } from "../editor/record-dialog-kind.ts";
import { TextField } from "../editor/text-field.tsx";
import { useTranslating } from "../editor/translating.ts";
import { PublishingOrReview } from "./review-field.tsx";
import { useRole } from "../role-context.ts";
import { withoutSharedDate } from "./publishing.ts";
import { SharedPostFields } from "./shared-post-fields.tsx";

const MARKUP_HINT =
  "Simple markup: ## Heading, ### Subheading, **bold**, *italic*, lines starting with - for bullets, a blank line between paragraphs.";

/**
 * "Edit Post" (docs/product.md §2 Blog): the fields of one post in one
 * language, with the AI drafts in English. It shows the copy the editor hook
 * holds; Save sends that one record, Cancel, × or Esc discard the edits.
 *
 * In another language (the TranslatingContext its dialog gives), the title,
 * excerpt and body are that language's texts, each with its English beside
 * it; the status, schedule and address (`address`) are the language's own;
 * date, reading time, image and featured are English's, shown read-only.
 */
export function PostForm({
  draft,
  errors,
  isNew,
  saving,
  onChange,
  onEnglish,
  onReview,
  address,
  ...frame
}: DialogFormProps<BlogPost> & {
  onChange: (patch: Partial<BlogPost>) => void;
  /** A translation's address field (./post-address-field.tsx). */
  address?: ReactNode;
  /** The Preview button (./post-preview-button.tsx in admin/preview). */
  preview?: ReactNode;
}) {
  const translating = useTranslating();
  // A Writer's posts are saved as drafts (content/roles.ts): no status, schedule or featured to set.
  const publisher = publishes(useRole());
  // One draft at a time: both AI buttons wait while either works.
  const [generating, setGenerating] = useState(false);
  const problems = Object.keys(errors).length;

  return (
    <EditorForm {...frame} errors={errors} isNew={isNew} saving={saving} className="grid gap-4">
      <TextField
        label="Title"
        path="title"
        value={draft.title}
        onChange={(title) => onChange({ title })}
        error={errors.title}
      />
      {!translating && (
        <div className="flex flex-wrap gap-2">
          <AiButton
            task="blog-description"
            label="Generate Description"
            size="sm"
            title={draft.title}
            disabled={generating}
            onBusyChange={setGenerating}
            onDraft={({ text }) => onChange({ excerpt: text })}
          />
          <AiButton
            task="blog-content"
            label="Generate Full Content"
            size="sm"
            title={draft.title}
            disabled={generating}
            onBusyChange={setGenerating}
            onDraft={({ content, excerpt, readTime, date }) => onChange({ content, excerpt, readTime, date })}
          />
        </div>
      )}
      <TextField
        label="Excerpt"
        path="excerpt"
        value={draft.excerpt}
        onChange={(excerpt) => onChange({ excerpt })}
        error={errors.excerpt}
        multiline
        rows={2}
      />
      <TextField
        label="Content"
        path="content"
        hint={MARKUP_HINT}
        value={draft.content}
        onChange={(content) => onChange({ content })}
        error={errors.content}
        multiline
        rows={12}
        mono
        spellCheck
      />
      {translating?.texts.has("content") && (
        <BodyMarkupHelp
          empty={draft.content === ""}
          onStartFromEnglish={() => onChange({ content: translating.texts.get("content")!.english })}
        />
      )}
      {address}
      {translating ? (
        <>
          <UseAltField
            alt={{
              path: "imageAlt",
              value: draft.imageAlt,
              onChange: (imageAlt) => onChange({ imageAlt }),
              error: errors.imageAlt,
            }}
          />
          <SharedPostFields post={draft} onEnglish={onEnglish} />
        </>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Date"
              type="date"
              value={draft.date}
              onChange={(date) => onChange({ date })}
              error={errors.date}
            />
            <TextField
              label="Read Time"
              value={draft.readTime}
              onChange={(readTime) => onChange({ readTime })}
              error={errors.readTime}
            />
          </div>
          <ImageUrlField
            label="Image URL"
            value={draft.image}
            onChange={(image) => onChange({ image })}
            error={errors.image}
            alt={{
              path: "imageAlt",
              value: draft.imageAlt,
              onChange: (imageAlt) => onChange({ imageAlt }),
              error: errors.imageAlt,
            }}
          />
          {publisher && (
            <div className="flex items-center gap-3">
              <Switch
                id="post-featured"
                checked={draft.featured}
                onCheckedChange={(featured) => onChange({ featured })}
              />
              <Label htmlFor="post-featured">Featured</Label>
            </div>
          )}
        </>
      )}
      <PublishingOrReview
        record={draft}
        isNew={isNew}
        saving={saving}
        disabled={problems > 0}
        onReview={onReview}
        onChange={(patch) => onChange(translating ? withoutSharedDate(patch) : patch)}
      />
    </EditorForm>
  );
}

/** Under a translated body: its markup, and a start from the English text (markup included) while it is empty. */
function BodyMarkupHelp({ empty, onStartFromEnglish }: { empty: boolean; onStartFromEnglish: () => void }) {
  return (
    <div className="-mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-slate-600">
      <p className="min-w-0 flex-1 basis-64">Keep the markup as in English. {MARKUP_HINT}</p>
      {empty && (
        <Button variant="outline" size="sm" onClick={onStartFromEnglish}>
          Start from the English text
        </Button>
      )}
    </div>
  );
}
