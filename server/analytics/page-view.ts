/** Paths whose HTML is not a public page: the admin panel (its sign-in form included) and the API. */
const NOT_PUBLIC = /^\/(admin|api)(\/|$)/;

/**
 * Whether an answer the server sent to someone not signed in is a page view:
 * a GET answered with a page (HTML, 200, or 304 when the browser revalidated
 * the copy it shows) at a public address. Route data (`.data`), the feed,
 * the sitemap, robots.txt, files and error pages (404 included) are not.
 */
export function isPageView(method: string | undefined, path: string, status: number, contentType: string | null) {
  return (
    method === "GET" &&
    (status === 200 || status === 304) &&
    contentType !== null &&
    contentType.startsWith("text/html") &&
    !NOT_PUBLIC.test(path)
  );
}
