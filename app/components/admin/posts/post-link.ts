import { isLocale, type Locale } from "#content/locales.ts";

/**
 * The admin's address of one post: the Blog tab opens it in "Edit Post"
 * (`?tab=blog&post=<id>`), in a language when `&lang=` names one (the
 * admin's language setting is switched to it, as the dialog's switch does).
 * Every link to a post in the admin is built here.
 */

/** The address of post `id` in "Edit Post", in `locale` when one is given (else in the admin's language). */
export function postAdminLink(id: string, locale?: Locale): string {
  const params = new URLSearchParams({ tab: "blog", post: id });
  if (locale) params.set("lang", locale);
  return `/admin?${params.toString()}`;
}

/** The post an address asks "Edit Post" to open, and in which language; a language not on the site is left out. */
export interface LinkedPost {
  id: string;
  locale?: Locale;
}

export function linkedPost(params: URLSearchParams): LinkedPost | null {
  const id = params.get("post")?.trim();
  if (!id) return null;
  const locale = params.get("lang");
  return isLocale(locale) ? { id, locale } : { id };
}

/** The address's parameters once "Edit Post" closes: the link to the post gone, so a reload does not open it again. */
export function withoutLinkedPost(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("post");
  next.delete("lang");
  return next;
}
