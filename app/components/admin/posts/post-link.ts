import type { Locale } from "#content/locales.ts";
import {
  linkedRecord,
  POST_LINK,
  recordAdminLink,
  withoutLinkedRecord,
  type LinkedRecord,
} from "../editor/record-link.ts";

/**
 * The admin's address of one post: the Blog tab opens it in "Edit Post" (`?tab=blog&post=<id>`),
 * in a language when `&lang=` names one (../editor/record-link.ts). Every link to a post in the
 * admin is built here.
 */

/** The address of post `id` in "Edit Post", in `locale` when one is given (else in the admin's language). */
export const postAdminLink = (id: string, locale?: Locale): string => recordAdminLink(POST_LINK, id, locale);

/** The post an address asks "Edit Post" to open, and in which language; a language not on the site is left out. */
export type LinkedPost = LinkedRecord;

export const linkedPost = (params: URLSearchParams): LinkedPost | null => linkedRecord(POST_LINK, params);

/** The address's parameters once "Edit Post" closes: the link to the post gone, so a reload does not open it again. */
export const withoutLinkedPost = (params: URLSearchParams): URLSearchParams => withoutLinkedRecord(POST_LINK, params);
