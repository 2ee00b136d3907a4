import { decide } from "#content/access.ts";
import { landingPageSchema } from "#content/landing-page-schema.ts";
import { isVariantName, LANDING_PAGE_ID } from "#content/landing-pages.ts";
import { isLocale } from "#content/locales.ts";
import { POST_ID } from "#content/posts.ts";
import { PREVIEW_PARAM, PREVIEW_TOKEN, TEXT_PATH } from "#content/preview.ts";
import { blogPostSchema, documentSchemas } from "#content/schemas.ts";
import { isDocumentKey } from "#content/sections.ts";
import type { Store } from "#server/db/store.ts";
import type { SignedInUser } from "#server/http/context.ts";
import type { PagePreview } from "./types.ts";

/**
 * The preview a page request asks for (`?preview=<token>`), for a signed-in
 * admin only: anyone else gets the public page, and the page cache's renders
 * (no session) never get one. Stored drafts are checked again as read (a newer
 * version of the site may read a draft an older one stored); a part that no
 * longer passes is left out, and the saved content shows in its place.
 */
export async function readPagePreview(
  store: Store,
  user: SignedInUser | null,
  url: string,
): Promise<PagePreview | undefined> {
  // The gate's answer for the page with a draft (#content/roles.ts): an account in its two-factor grace gets none.
  if (!decide("GET /*?preview", user).allowed) return undefined;
  const token = new URL(url).searchParams.get(PREVIEW_PARAM);
  if (token === null) return undefined;
  const stored = PREVIEW_TOKEN.test(token) ? await store.previews.get(token) : undefined;
  const preview: PagePreview = { token, found: stored !== undefined, documents: {} };
  const draft = (stored?.data ?? {}) as {
    locale?: unknown;
    documents?: Record<string, unknown>;
    post?: { id?: unknown; data?: unknown };
    page?: { id?: unknown; variant?: unknown; data?: unknown; english?: unknown };
  };
  if (isLocale(draft.locale)) preview.locale = draft.locale;
  for (const [key, data] of Object.entries(draft.documents ?? {})) {
    if (!isDocumentKey(key)) continue;
    const parsed = documentSchemas[key].safeParse(data);
    if (parsed.success) preview.documents[key] = parsed.data;
  }
  const post = draft.post && blogPostSchema.safeParse(draft.post.data);
  if (post?.success) {
    const id = draft.post?.id;
    preview.post = { ...(typeof id === "string" && POST_ID.test(id) && { id }), data: post.data };
  }
  const page = draft.page && landingPageSchema.safeParse(draft.page.data);
  if (page?.success) {
    const { id, variant, english } = draft.page!;
    const inEnglish = Array.isArray(english)
      ? english.filter((path): path is string => typeof path === "string" && TEXT_PATH.test(path))
      : [];
    preview.page = {
      ...(typeof id === "string" && LANDING_PAGE_ID.test(id) && { id }),
      ...(isVariantName(variant) && { variant }),
      data: page.data,
      ...(inEnglish.length > 0 && { english: inEnglish }),
    };
  }
  return preview;
}

/** A preview's answer (page or route data) holds unsaved content: kept by nobody (browser, proxy, CDN), indexed by no crawler. */
export function markPreviewResponse(response: Response): void {
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex");
}
