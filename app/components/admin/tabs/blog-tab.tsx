import type { BlogContent } from "#content/schemas.ts";
import type { SectionEditorProps } from "../editor-types.ts";
import { PageIntroSection } from "../editor/page-intro-section.tsx";
import { TranslatingContext } from "../editor/translating.ts";
import { PostsSection } from "../posts/posts-section.tsx";

/**
 * docs/product.md §2 Blog tab: the page's title and subtitle (the `blog`
 * document, saved with "Save Blog Content"), and the posts, each a record
 * saved on its own from its card or its "Edit Post" dialog. The language
 * switch is the page texts' only: the posts are edited as they always were.
 */
export function BlogTab({ value, onChange, errors }: SectionEditorProps<BlogContent>) {
  return (
    <div className="grid gap-6">
      <PageIntroSection
        value={value}
        errors={errors}
        onChange={(patch) => onChange({ ...value, ...patch })}
        titleLabel="Page Title"
        subtitleLabel="Page Subtitle"
        showCounters={false}
      />
      <TranslatingContext.Provider value={null}>
        <PostsSection />
      </TranslatingContext.Provider>
    </div>
  );
}
