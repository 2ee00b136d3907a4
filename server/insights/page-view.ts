import { publicPath } from "#content/public-pages.ts";

/**
 * Whether an answer the server sent to someone not signed in is a page view:
 * a GET answered with a page (HTML, 200, or 304 when the browser revalidated
 * the copy it shows) at the canonical address of a public page
 * (content/public-pages.ts). Route data (`.data`), the feed, the sitemap,
 * robots.txt, files, the admin, error pages (404 included) and other spellings
 * of a page (sent on with a 301) are not.
 */
export function isPageView(method: string | undefined, path: string, status: number, contentType: string | null) {
  if (method !== "GET" || (status !== 200 && status !== 304) || !contentType?.startsWith("text/html")) return false;
  const found = publicPath(path);
  return found?.status === 200 && found.kind === "page";
}
