/** Freezes an object graph in place, so a value shared between readers cannot be changed by one of them. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * `read` (a stored row's JSON parsed and checked by its schema) done once per version of a row:
 * a public page reads the same row on every render, and the schema's check was most of a team
 * page's uncached render. Kept by `key` (the row and its version) while its JSON is the very same
 * text, the `size` most recent; each result frozen, as it is shared by every reader.
 */
export function readOnce<T>(read: (json: string) => T, size = 64): (key: string, json: string) => T {
  const kept = new Map<string, { json: string; value: T }>();
  return (key, json) => {
    const hit = kept.get(key);
    if (hit && hit.json === json) return hit.value;
    const value = deepFreeze(read(json));
    kept.delete(key);
    if (kept.size >= size) kept.delete(kept.keys().next().value!);
    kept.set(key, { json, value });
    return value;
  };
}
