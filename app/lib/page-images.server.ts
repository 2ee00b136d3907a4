import type { AppLoadContext } from "react-router";
import type { PageImages } from "#content/page-images.ts";
import { pageImages } from "#server/media/page-images.ts";

/** The uploads among a page's image URLs, with their variants and alt text (#app/components/site/site-image.tsx draws them). */
export function loadPageImages(
  context: AppLoadContext,
  urls: Iterable<string | null | undefined>,
): Promise<PageImages> {
  const { store, mediaStorage } = context.deps;
  return pageImages({ media: store.media, urlOf: mediaStorage.urlOf }, urls, context.locale);
}
