import { isLocale, type Locale } from "#content/locales.ts";

/**
 * The admin's address of one record in its editor: a tab opens it (`?tab=blog&post=<id>`,
 * `?tab=pages&page=<id>`), in a language when `&lang=` names one (the admin's language setting
 * is switched to it, as the dialog's switch does). Posts and team pages each name theirs here.
 */
export interface RecordLinkKind {
  tab: string;
  /** The query parameter holding the record's id. */
  param: string;
}

export const POST_LINK: RecordLinkKind = { tab: "blog", param: "post" };
export const PAGE_LINK: RecordLinkKind = { tab: "pages", param: "page" };

/** The address of record `id` in its editor, in `locale` when one is given (else in the admin's language). */
export function recordAdminLink(kind: RecordLinkKind, id: string, locale?: Locale): string {
  const params = new URLSearchParams({ tab: kind.tab, [kind.param]: id });
  if (locale) params.set("lang", locale);
  return `/admin?${params.toString()}`;
}

/** The record an address asks its editor to open, and in which language; a language not on the site is left out. */
export interface LinkedRecord {
  id: string;
  locale?: Locale;
}

export function linkedRecord(kind: RecordLinkKind, params: URLSearchParams): LinkedRecord | null {
  const id = params.get(kind.param)?.trim();
  if (!id) return null;
  const locale = params.get("lang");
  return isLocale(locale) ? { id, locale } : { id };
}

/** The address's parameters once the editor closes: the link gone, so a reload does not open it again. */
export function withoutLinkedRecord(kind: RecordLinkKind, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(kind.param);
  next.delete("lang");
  return next;
}
