/** Immutable edits of the lists a tab editor shows (its draft is never changed in place). */

/** A copy of `list` with the item at `index` shallow-merged with `patch`. */
export function patchAt<T extends object>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

/** A copy of `list` without the item at `index`. */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}
