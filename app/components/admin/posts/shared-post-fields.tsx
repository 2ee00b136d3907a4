import { useId } from "react";
import type { BlogPost } from "#content/schemas.ts";
import { Label } from "#app/components/ui/label.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { TextField } from "../editor/text-field.tsx";
import { SharedInEnglishNote } from "../shared-in-english-note.tsx";
import { PostThumb } from "./post-thumb.tsx";

/**
 * What a post shares with every language (date, reading time, image,
 * featured), as "Edit Post" shows it in another language: read-only, edited
 * in English. The text fields are read-only by themselves while the editor translates.
 */
export function SharedPostFields({ post, onEnglish }: { post: BlogPost; onEnglish: () => void }) {
  const featured = useId();
  const image = useId();
  return (
    <div className="grid gap-4">
      <SharedInEnglishNote onEnglish={onEnglish} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Date" type="date" value={post.date} onChange={() => undefined} />
        <TextField label="Read Time" value={post.readTime} onChange={() => undefined} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={image}>Image URL</Label>
        <div className="flex min-w-0 items-center gap-3">
          <PostThumb src={post.image} />
          <input
            id={image}
            readOnly
            value={post.image}
            placeholder="None"
            className="min-w-0 flex-1 truncate bg-transparent text-sm text-slate-700 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
          />
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Switch id={featured} checked={post.featured} disabled />
        <Label htmlFor={featured}>Featured</Label>
      </div>
    </div>
  );
}
