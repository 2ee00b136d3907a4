import { z } from "zod";

import { MAX_STORED_INTEGER, baseVersion, storedInteger } from "#content/stored-integer.ts";

export { MAX_STORED_INTEGER, baseVersion, storedInteger };

const pathId = z.coerce.number().pipe(storedInteger("id"));

/**
 * An id or version from the URL (routes match it as digits): the number, or
 * undefined when no stored row can have it, which callers answer with 404.
 */
export function idFromPath(value: string | undefined): number | undefined {
  const parsed = pathId.safeParse(value ?? "");
  return parsed.success ? parsed.data : undefined;
}
