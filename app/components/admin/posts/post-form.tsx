import { History } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { BlogPost } from "#content/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { AiButton } from "../editor/ai-button.tsx";
import { ImageUrlField } from "../editor/image-url-field.tsx";
import { TextField } from "../editor/text-field.tsx";
import { PublishingField } from "./publishing-field.tsx";

/**
 * "Edit Post" (docs/product.md §2 Blog): the fields of one post, with the AI
 * drafts. It shows the copy the editor hook holds; Save sends that one post,
 * Cancel, × or Esc discard the copy.
 */
export function PostForm({
  draft,
  errors,
  isNew,
  saving,
  onChange,
  onSave,
  onCancel,
  onHistory,
  notice,
  preview,
}: {
  draft: BlogPost;
  errors: FieldErrors;
  /** Not stored yet: Save creates it, and it has no history. */
  isNew: boolean;
  saving: boolean;
  onChange: (patch: Partial<BlogPost>) => void;
  onSave: () => void;
  onCancel: () => void;
  onHistory: () => void;
  /** Shown above the fields (the draft kept from an earlier visit). */
  notice?: ReactNode;
  /** The Preview button (./post-preview-button.tsx in admin/preview). */
  preview?: ReactNode;
}) {
  // One draft at a time: both AI buttons wait while either works.
  const [generating, setGenerating] = useState(false);
  const problems = Object.keys(errors).length;

  return (
    <DialogContent
      title="Edit Post"
      description={
        isNew
          ? "Save publishes the post on the blog; Cancel discards it."
          : "Save publishes your changes to this post; Cancel discards them."
      }
      className="max-w-3xl"
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (problems === 0 && !saving) onSave();
        }}
      >
        {notice}
        <TextField label="Title" value={draft.title} onChange={(title) => onChange({ title })} error={errors.title} />
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
        <TextField
          label="Excerpt"
          value={draft.excerpt}
          onChange={(excerpt) => onChange({ excerpt })}
          error={errors.excerpt}
          multiline
          rows={2}
        />
        <TextField
          label="Content"
          hint="Simple markup: ## Heading, ### Subheading, **bold**, *italic*, lines starting with - for bullets, a blank line between paragraphs."
          value={draft.content}
          onChange={(content) => onChange({ content })}
          error={errors.content}
          multiline
          rows={12}
          mono
          spellCheck
        />
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
        />
        <div className="flex items-center gap-3">
          <Switch id="post-featured" checked={draft.featured} onCheckedChange={(featured) => onChange({ featured })} />
          <Label htmlFor="post-featured">Featured</Label>
        </div>
        <PublishingField post={draft} onChange={onChange} />
        {problems > 0 && (
          <p className="text-sm font-medium text-red-700" role="status">
            {problems === 1 ? "1 field needs" : `${problems} fields need`} attention before you can save. Nothing you
            typed is lost.
          </p>
        )}
        <DialogFooter className="sm:items-center">
          {!isNew && (
            <Button variant="outline" className="sm:mr-auto" onClick={onHistory} disabled={saving}>
              <History aria-hidden="true" />
              History
            </Button>
          )}
          {preview}
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || problems > 0}>
            {saving ? "Saving..." : "Save"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
