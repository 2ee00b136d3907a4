/** Immutable edit helpers for the controlled tab editors. */

/** A copy of `list` with the item at `index` shallow-merged with `patch`. */
export function patchAt<T extends object>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

/** A copy of `list` without the item at `index`. */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** Error messages whose path lies under `prefix` (e.g. "team.2."), keyed by the rest of the path. */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith(prefix)) out[path.slice(prefix.length)] = message;
  }
  return out;
}

/**
 * Whether an image address typed in the admin may be shown as a preview:
 * an http(s) URL or a site path. Anything else (javascript:, data:, a half-typed
 * value) would only be blocked by the browser or the CSP, so it is not rendered.
 */
export function isPreviewableImage(url: string): boolean {
  return /^(https?:\/\/[^\s]+|\/(?!\/)\S*)$/i.test(url.trim());
}
