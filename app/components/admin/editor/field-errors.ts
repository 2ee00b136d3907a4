import type { z } from "zod";
import type { FieldErrors } from "../editor-types.ts";

/**
 * Dotted path → first message, for every problem `schema` finds in `value`:
 * what a dialog editing a copy of one list item shows beside its fields.
 */
export function schemaErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  const errors: FieldErrors = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

/** Error messages whose path lies under `prefix` (e.g. "team.2."), keyed by the rest of the path. */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith(prefix)) out[path.slice(prefix.length)] = message;
  }
  return out;
}

/** Whether any error's path lies under `prefix`, e.g. a list item's "posts.3.". */
export function hasErrorsUnder(errors: FieldErrors, prefix: string): boolean {
  return Object.keys(errors).some((path) => path.startsWith(prefix));
}
