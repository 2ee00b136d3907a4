import { DEFAULT_LOCALE, localePath, type Locale, isTranslated } from "#content/locales.ts";
import type { PreviewDraft } from "#content/preview.ts";
import { postPath } from "#content/public-pages.ts";
import { postSlug, previewPostPath } from "#content/rules.ts";
import type { Store } from "#server/db/store.ts";

/** Where a preview's post draft is read: its address (`path`) and every slug that shows it in its language. */
export interface PreviewPostAddress {
  path: string;
  slugs: string[];
  /** The draft's post is stored (it has this id). */
  storedId?: string;
}

/**
 * The addresses of a post draft's preview. In English, the stored post's while
 * its title keeps it, else the one the draft's title gives (both show the
 * draft). In Sinhala or Tamil, the translation's own address there (its
 * renamed slug included), or the English post's for a translation not yet
 * saved: the address the admin's Preview button opens (#app/components/admin/preview/post-preview-button.tsx).
 */
export async function previewPostAddress(
  posts: Store["posts"],
  draft: NonNullable<PreviewDraft["post"]>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<PreviewPostAddress> {
  if (isTranslated(locale) && draft.id !== undefined) {
    const found = await posts.translations.get(draft.id, locale);
    if (found) {
      const slug = found.translation?.slug ?? found.english.slug;
      return { path: postPath(slug, locale), slugs: [slug], storedId: found.english.id };
    }
  }
  const stored = draft.id === undefined ? undefined : await posts.get(draft.id);
  const drafted = postSlug(draft.data);
  const path = localePath(locale, previewPostPath(stored, draft.data));
  const slugs = [drafted, ...(stored ? [stored.slug] : [])].filter((slug) => slug !== "");
  return { path, slugs, ...(stored && { storedId: stored.id }) };
}
