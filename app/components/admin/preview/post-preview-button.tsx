import { useMemo } from "react";
import type { Locale } from "#content/locales.ts";
import type { PostRecord } from "#content/posts.ts";
import { postPath } from "#content/public-pages.ts";
import { previewPostPath } from "#content/rules.ts";
import type { BlogPost } from "#content/schemas.ts";
import { PreviewButton } from "./preview-button.tsx";

/**
 * The Edit Post dialog's Preview: the post at its address, with the draft,
 * saved or not, published or not. In English the address is the stored
 * post's while its title keeps it, else the one the draft's title gives; in
 * another language it is the translation's (`/si/blog/<slug>`), whose draft
 * goes with its language (the server shows a language's draft on that
 * language's pages). Each post, and each of its languages, previews in a
 * browser tab of its own.
 */
export function PostPreviewButton({
  record,
  draft,
  valid,
  translation,
  className,
}: {
  record: Pick<PostRecord, "id" | "slug" | "data"> | null;
  draft: BlogPost;
  valid: boolean;
  /** The language previewed and the translation's address there, for a post in another language. */
  translation?: { locale: Exclude<Locale, "en">; slug: string } | undefined;
  className?: string;
}) {
  const path = translation ? postPath(translation.slug, translation.locale) : previewPostPath(record, draft);
  const locale = translation?.locale;
  const body = useMemo(
    () => (valid ? { ...(locale && { locale }), post: { ...(record && { id: record.id }), data: draft } } : undefined),
    [record, draft, valid, locale],
  );
  const name = `post-${record?.id ?? "new"}${locale ? `-${locale}` : ""}`;
  return <PreviewButton name={name} path={path} draft={body} className={className} />;
}
