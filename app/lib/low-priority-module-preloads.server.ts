const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?(?=\/?>)/g;

/**
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` in `<head>`
 * for every module the page hydrates with, at the browser's high priority
 * (docs/decisions/007-initial-javascript.md). This marks them
 * `fetchpriority="low"`: the browser still finds them as soon as it reads
 * `<head>` and fetches them at once, so hydration is not delayed, but after
 * the stylesheet and the page's images. Only `<head>` is edited (the whole of
 * a document without one), so page text or a script quoting the tag is left
 * as it was.
 */
export function deprioritizeModulePreloads(html: string): string {
  const headEnd = html.indexOf("</head>");
  const head = headEnd === -1 ? html : html.slice(0, headEnd);
  const rewritten = head.replace(MODULE_PRELOAD, (tag) =>
    tag.includes("fetchpriority=") ? tag : `${tag} fetchpriority="low"`,
  );
  return headEnd === -1 ? rewritten : rewritten + html.slice(headEnd);
}
