/**
 * Text as both databases store it. PostgreSQL refuses a NUL (U+0000) in
 * text, and a lone UTF-16 surrogate half is not valid UTF-8, so each driver
 * turns it into U+FFFD or fails; SQLite kept both. Schemas that take free
 * text run it through this first, so what is stored, searched and shown is
 * the same on both (docs/decisions/008-input-both-databases-store.md).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Drops NUL characters and replaces lone surrogates with U+FFFD, as `String#toWellFormed` does. */
export function storableText(value: string): string {
  return value.replaceAll("\u0000", "").replace(LONE_SURROGATE, "\uFFFD");
}

/** Whether `value` holds a NUL, which fields that must match exactly (an email to sign in with) refuse. */
export const hasNul = (value: string) => value.includes("\u0000");
