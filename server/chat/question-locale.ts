import { DEFAULT_LOCALE, localeOfPath, type Locale } from "#content/locales.ts";
import { SCRIPT_WORDS } from "./script-words.ts";

/**
 * The language the chat answers a question in (issue 26): the script it is
 * written in when that script is Sinhala's or Tamil's (./script-words.ts
 * lists them), whichever has more letters in it when both do, however many
 * Latin letters come with them ("SEO package එකේ ගාණ කීයද?" is Sinhala);
 * else the language of the page the chat is on (`/si/…` is Sinhala); else
 * English. Latin letters alone say nothing: English, Singlish and Tamil typed
 * in Latin letters look alike, and the page knows better.
 */
export function questionLocale(question: string, page: string | undefined): Locale {
  const pageLocale = page ? localeOfPath(page) : DEFAULT_LOCALE;
  let best: { locale: Locale; letters: number } | undefined;
  for (const { locale, letter } of SCRIPT_WORDS) {
    const letters = [...question].filter((char) => letter.test(char)).length;
    if (letters === 0) continue;
    // A tie goes to the page's language, then to the first listed.
    if (!best || letters > best.letters || (letters === best.letters && locale === pageLocale))
      best = { locale, letters };
  }
  return best?.locale ?? pageLocale;
}
