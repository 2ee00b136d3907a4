import type { AppLoadContext } from "react-router";
import type { DocumentKey, DocumentOf } from "#content/sections.ts";
import { siteOrigin } from "#server/lib/site-origin.ts";

/** A document's current data for a loader (the store returns defaults for unsaved sections). */
export async function readDocument<K extends DocumentKey>(context: AppLoadContext, key: K): Promise<DocumentOf<K>> {
  const doc = await context.deps.store.documents.get(key);
  return doc.data as DocumentOf<K>;
}

/** The site's origin for a loader's absolute addresses (PUBLIC_URL's, else the request's). */
export function loaderOrigin(context: AppLoadContext, request: Request): string {
  return siteOrigin(context.deps.env, request.url);
}
