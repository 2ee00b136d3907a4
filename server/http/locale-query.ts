import type { Context } from "hono";
import { DEFAULT_LOCALE, isLocale, locales, type Locale } from "#content/locales.ts";
import { jsonError } from "./errors.ts";

/**
 * The language a request names with `?locale=` (English when absent), or the 400 answer naming
 * the languages there are: the one reader of the API's `?locale=` (documents, posts, media).
 */
export function localeQuery(c: Context): { ok: true; locale: Locale } | { ok: false; response: Response } {
  const asked = c.req.query("locale");
  if (asked === undefined || isLocale(asked)) return { ok: true, locale: asked ?? DEFAULT_LOCALE };
  return { ok: false, response: jsonError(c, 400, `Unknown language "${asked}": use ${locales.join(", ")}.`) };
}
