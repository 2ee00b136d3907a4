import type { BlogContent } from "#content/schemas.ts";
import type { SectionEditorProps } from "../editor-types.ts";
import { PageIntroSection } from "../editor/page-intro-section.tsx";

/**
 * docs/product.md §2 Blog tab: the page's title and subtitle (the `blog`
 * document, saved with "Save Blog Content"). The posts under it are records
 * of their own, each saved from its card or its "Edit Post" dialog: the tab's
 * panel (../posts/posts-section.tsx, in the tab registry), which follows the
 * same language setting in its own way.
 */
export function BlogTab({ value, onChange, errors }: SectionEditorProps<BlogContent>) {
  return (
    <PageIntroSection
      value={value}
      errors={errors}
      onChange={(patch) => onChange({ ...value, ...patch })}
      titleLabel="Page Title"
      subtitleLabel="Page Subtitle"
      showCounters={false}
    />
  );
}
