import { CalendarDays, FilePlus2, Star } from "lucide-react";
import { useState } from "react";
import { newPostDefaults, sortPostsNewestFirst } from "#content/rules.ts";
import { blogPostSchema, type BlogContent, type BlogPost } from "#content/schemas.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import type { SectionEditorProps } from "../editor-types.ts";
import { AiButton } from "../editor/ai-button.tsx";
import { hasErrorsUnder, schemaErrors } from "../editor/field-errors.ts";
import { ImagePreview } from "../editor/image-preview.tsx";
import { ListSection } from "../editor/list-section.tsx";
import { patchAt, removeAt } from "../editor/list-updates.ts";
import { PageIntroSection } from "../editor/page-intro-section.tsx";
import { RemoveButton } from "../editor/remove-button.tsx";
import { TextField } from "../editor/text-field.tsx";
import { ImageUrlField } from "../editor/image-url-field.tsx";

const postName = (post: BlogPost) => post.title.trim() || "Untitled Post";

export function BlogTab({ value, onChange, errors }: SectionEditorProps<BlogContent>) {
  const [editing, setEditing] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  // Shown newest first, as on the public blog; `index` below is the stored position.
  const shown = sortPostsNewestFirst(value.posts.map((post, index) => ({ ...post, index })));
  const set = (patch: Partial<BlogContent>) => onChange({ ...value, ...patch });
  const setPost = (index: number, patch: Partial<BlogPost>) => set({ posts: patchAt(value.posts, index, patch) });
  const remove = (index: number) => set({ posts: removeAt(value.posts, index) });

  function createEmpty() {
    set({ posts: [...value.posts, newPostDefaults(value.posts)] });
    setCreating(false);
    setEditing(value.posts.length);
  }

  return (
    <div className="grid gap-6">
      <PageIntroSection
        value={value}
        errors={errors}
        onChange={set}
        titleLabel="Page Title"
        subtitleLabel="Page Subtitle"
        showCounters={false}
      />

      <ListSection
        title="Posts"
        description="Newest first. Click a post to edit it; featured posts appear in “Featured Insights” on the home page."
        addLabel="Create New Post"
        onAdd={() => setCreating(true)}
        empty={shown.length === 0}
        emptyMessage="No posts yet. Click “Create New Post” to write one."
      >
        <ul aria-label="Posts" className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {shown.map(({ index, ...post }) => (
            <li
              key={index}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
            >
              <button
                type="button"
                onClick={() => setEditing(index)}
                aria-label={`Edit ${postName(post)}`}
                className="flex flex-1 gap-3 rounded-t-2xl p-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
              >
                <ImagePreview src={post.image} valid={!errors[`posts.${index}.image`]} className="size-14" />
                <span className="min-w-0 flex-1">
                  <span
                    className={
                      post.title.trim()
                        ? "block font-semibold text-slate-950"
                        : "block font-semibold italic text-slate-500"
                    }
                  >
                    {postName(post)}
                  </span>
                  <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <span className="inline-flex items-center gap-1">
                      <CalendarDays className="size-3.5" aria-hidden="true" />
                      {post.date}
                    </span>
                    <span>{post.readTime}</span>
                    {post.featured && (
                      <Badge>
                        <Star className="size-3" aria-hidden="true" />
                        Featured
                      </Badge>
                    )}
                  </span>
                  {hasErrorsUnder(errors, `posts.${index}.`) && (
                    <span className="mt-1 block text-xs font-medium text-red-700">This post has a field to fix.</span>
                  )}
                </span>
              </button>
              <div className="flex items-center gap-2 border-t border-slate-100 px-4 py-2">
                <Switch
                  id={`featured-${index}`}
                  checked={post.featured}
                  onCheckedChange={(featured) => setPost(index, { featured, updatedAt: new Date().toISOString() })}
                  aria-label={`Featured: ${postName(post)}`}
                />
                <span className="text-sm text-slate-700" aria-hidden="true">
                  Featured
                </span>
                <RemoveButton
                  label={`Delete ${postName(post)}`}
                  className="ml-auto size-8"
                  onClick={() => remove(index)}
                />
              </div>
            </li>
          ))}
        </ul>
      </ListSection>

      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent
          title="Create New Post"
          description="Start from an empty post dated today, then write it or let AI draft it from the title."
        >
          <DialogFooter>
            <Button variant="outline" onClick={() => setCreating(false)}>
              Cancel
            </Button>
            <Button onClick={createEmpty}>
              <FilePlus2 aria-hidden="true" />
              Create Empty Post
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null && value.posts[editing] && (
          <PostForm
            key={editing}
            post={value.posts[editing]}
            onCancel={() => setEditing(null)}
            onSave={(post) => {
              setPost(editing, post);
              setEditing(null);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

/** The post editor: works on a copy; Save writes it back into the list, Cancel or × discards it. */
function PostForm({
  post,
  onCancel,
  onSave,
}: {
  post: BlogPost;
  onCancel: () => void;
  onSave: (post: BlogPost) => void;
}) {
  const [draft, setDraft] = useState(post);
  // One draft at a time: both AI buttons wait while either works.
  const [generating, setGenerating] = useState(false);
  const set = (patch: Partial<BlogPost>) => setDraft((current) => ({ ...current, ...patch }));
  const errors = schemaErrors(blogPostSchema, draft);

  return (
    <DialogContent
      title="Edit Post"
      description="Save writes the post into the list; press Save Blog Content to publish it."
      className="max-w-3xl"
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ ...draft, updatedAt: new Date().toISOString() });
        }}
      >
        <TextField label="Title" value={draft.title} onChange={(title) => set({ title })} error={errors.title} />
        <div className="flex flex-wrap gap-2">
          <AiButton
            task="blog-description"
            label="Generate Description"
            size="sm"
            title={draft.title}
            disabled={generating}
            onBusyChange={setGenerating}
            onDraft={({ text }) => set({ excerpt: text })}
          />
          <AiButton
            task="blog-content"
            label="Generate Full Content"
            size="sm"
            title={draft.title}
            disabled={generating}
            onBusyChange={setGenerating}
            onDraft={({ content, excerpt, readTime, date }) => set({ content, excerpt, readTime, date })}
          />
        </div>
        <TextField
          label="Excerpt"
          value={draft.excerpt}
          onChange={(excerpt) => set({ excerpt })}
          error={errors.excerpt}
          multiline
          rows={2}
        />
        <TextField
          label="Content"
          hint="Simple markup: ## Heading, ### Subheading, **bold**, *italic*, lines starting with - for bullets, a blank line between paragraphs."
          value={draft.content}
          onChange={(content) => set({ content })}
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
            onChange={(date) => set({ date })}
            error={errors.date}
          />
          <TextField
            label="Read Time"
            value={draft.readTime}
            onChange={(readTime) => set({ readTime })}
            error={errors.readTime}
          />
        </div>
        <ImageUrlField
          label="Image URL"
          value={draft.image}
          onChange={(image) => set({ image })}
          error={errors.image}
        />
        <div className="flex items-center gap-3">
          <Switch id="post-featured" checked={draft.featured} onCheckedChange={(featured) => set({ featured })} />
          <Label htmlFor="post-featured">Featured</Label>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
