import type { AppLoadContext } from "react-router";
import { DEFAULT_LOCALE } from "#content/locales.ts";
import type { PostRecord } from "#content/posts.ts";
import type { DocumentKey, DocumentOf } from "#content/sections.ts";
import { readLocalized } from "#server/content/localized.ts";
import { previewPostAddress } from "#server/previews/post-address.ts";
import { siteOrigin } from "#server/lib/site-origin.ts";

/**
 * A document's current data for a loader in the page's language (the store
 * returns defaults for unsaved sections; texts not yet translated are
 * English), or the admin's unsaved draft of it when the page is a preview
 * (server/previews/).
 */
export async function readDocument<K extends DocumentKey>(context: AppLoadContext, key: K): Promise<DocumentOf<K>> {
  return (await readPageDocument(context, key)).data;
}

/**
 * readDocument, with the paths of the texts shown in English on a page in
 * another language (`english`): the page marks them `lang="en"`
 * (#app/components/site/text-lang.ts).
 */
export async function readPageDocument<K extends DocumentKey>(
  context: AppLoadContext,
  key: K,
): Promise<{ data: DocumentOf<K>; english: string[] }> {
  const { preview } = context;
  // A draft is of one language's texts: pages in the others show what is saved.
  const draft = (preview?.locale ?? DEFAULT_LOCALE) === context.locale ? preview?.documents[key] : undefined;
  if (draft !== undefined) return { data: draft as DocumentOf<K>, english: [] };
  const { data, english } = await readLocalized(context.deps.store, key, context.locale);
  return { data, english };
}

/**
 * The previewed post, when the page is a preview of one in the page's language
 * and `slug` is its address there (server/previews/post-address.ts): the
 * address its draft title gives or the one it has in English, the
 * translation's in another language. It need not be stored, nor published.
 */
export async function readPreviewPost(
  context: AppLoadContext,
  slug: string,
): Promise<(Pick<PostRecord, "slug" | "data"> & { id?: string }) | undefined> {
  const draft = context.preview?.post;
  if (!draft || (context.preview?.locale ?? DEFAULT_LOCALE) !== context.locale) return undefined;
  const { slugs, storedId } = await previewPostAddress(context.deps.store.posts, draft, context.locale);
  if (!slugs.includes(slug)) return undefined;
  return { ...(storedId !== undefined && { id: storedId }), slug, data: draft.data };
}

/** The site's origin for a loader's absolute addresses (PUBLIC_URL's, else the request's). */
export function loaderOrigin(context: AppLoadContext, request: Request): string {
  return siteOrigin(context.deps.env, request.url);
}
