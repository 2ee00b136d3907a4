import { z } from "./zod.ts";

/**
 * The largest id or version both databases store: PostgreSQL's `integer`
 * columns end at 2^31-1, SQLite's go on to 2^63, so a larger number from a
 * request would be a 500 on one and a plain miss on the other. Every id,
 * version or count that comes from a request and reaches SQL is checked
 * against it here, once (docs/decisions/008-input-both-databases-store.md).
 */
export const MAX_STORED_INTEGER = 2_147_483_647;

const limit = MAX_STORED_INTEGER.toLocaleString("en-US");

/** An id or version from a request body: a whole number from 1 (or `min`) to 2^31-1. */
export const storedInteger = (
  label: string,
  { min = 1, max = MAX_STORED_INTEGER, missing = `${label} must be a number.` } = {},
) =>
  z
    .number({ error: missing })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max === MAX_STORED_INTEGER ? limit : max.toLocaleString("en-US")}.`);

/** The version a save is based on: the save stores the next one, so it must still fit. */
export const baseVersion = (missing: string) =>
  storedInteger("version", { min: 0, max: MAX_STORED_INTEGER - 1, missing });

/** `?page=` of a paged list (the inbox, the posts, the audit trail): from 1, well past any list's last page. */
export const pageQuery = z.coerce
  .number({ error: "page must be a number." })
  .int("page must be a whole number.")
  .min(1, "page must be at least 1.")
  .max(100_000, "page must be at most 100,000.")
  .optional();
