import { en, type Messages } from "#content/i18n/en.ts";
import { si } from "#content/i18n/si.ts";
import { ta } from "#content/i18n/ta.ts";
import { LOCALES, type Locale } from "#content/locales.ts";

/**
 * The site's interface strings in each language (content/i18n, decision 020),
 * for what the chat words on the server as the pages word it: a page's name
 * (its link label) and the Contact form's errors. The pages get the same
 * dictionaries through app/lib/i18n.server.ts, which server code does not import.
 */
export const SITE_STRINGS: { readonly [L in Locale]: Messages } = { en, si, ta };

/** A number as a page in `locale` writes it ("2,000"), as the pages' `numberLabel` does. */
export const numberIn = (value: number, locale: Locale) => new Intl.NumberFormat(LOCALES[locale].intl).format(value);
