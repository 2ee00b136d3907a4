import { LOCALES, type Locale } from "../locales.ts";
import { en, type Messages } from "./en.ts";
import { si } from "./si.ts";
import { en as serverEn, type ServerMessages } from "./server/en.ts";
import { si as serverSi } from "./server/si.ts";
import { ta as serverTa } from "./server/ta.ts";
import { ta } from "./ta.ts";

/**
 * Every language's interface strings, and numbers as each language writes
 * them: for the server alone (the pages' loaders through
 * #app/lib/i18n.server.ts, the chat's own words in server/chat/). A page gets
 * only its own language's strings, in the root loader's data, and never the
 * server's own (./server/); the chat panel loads its catalog (./chat/) when
 * it opens. ESLint keeps browser code from importing any dictionary.
 */
const dictionaries: { readonly [L in Locale]: Messages } = { en, si, ta };

/** The interface strings of a page in `locale`. */
export function messagesFor(locale: Locale): Messages {
  return dictionaries[locale];
}

const serverDictionaries: { readonly [L in Locale]: ServerMessages } = { en: serverEn, si: serverSi, ta: serverTa };

/** What the server words in `locale` and a page never carries: why a message was refused (./server/en.ts). */
export function serverMessagesFor(locale: Locale): ServerMessages {
  return serverDictionaries[locale];
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A number as a page in `locale` writes it ("5,000"): written on the server and
 * sent with the page, since browsers lack some languages' data (Chromium has
 * no si-LK) and formatting again there would differ and break hydration.
 */
export function numberLabel(value: number, locale: Locale): string {
  let formatter = numberFormats.get(locale);
  if (!formatter) numberFormats.set(locale, (formatter = new Intl.NumberFormat(LOCALES[locale].intl)));
  return formatter.format(value);
}
