/**
 * The form of a post's address, on its own so that the public pages' shared
 * code (./public-pages.ts) checks addresses without loading the content rules
 * (./rules.ts makes them from titles; the admin and the server do that).
 */

/** Longest slug a title gives (./rules.ts postSlug; a "-N" suffix for duplicates stays within it). */
export const SLUG_MAX_LENGTH = 80;

const POST_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `text` could be a post's address (anything else, a NUL say, is never looked up). */
export const isPostSlug = (text: string) => text.length <= SLUG_MAX_LENGTH && POST_SLUG.test(text);
