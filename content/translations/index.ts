/**
 * The built-in content in Sinhala and Tamil (issue 25 item 6): what a new
 * site shows under /si/ and /ta/ on its first start, and what an existing
 * site shows wherever the admin has not changed the built-in English text.
 *
 * Server only, like ./../defaults.ts: prose that browser code must not import.
 */
import type { BuiltInTexts } from "../localize.ts";
import { textFields } from "../localize.ts";
import { documentDefaults, defaultPosts } from "../defaults.ts";
import type { TranslatedLocale } from "../locales.ts";
import type { DocumentKey } from "../sections.ts";
import { si } from "./si.ts";
import { ta } from "./ta.ts";
import type { BuiltInTranslation } from "./types.ts";

export const builtInTranslations: { readonly [L in TranslatedLocale]: BuiltInTranslation } = { si, ta };

const documentTexts = new Map<string, BuiltInTexts>();

/** A document's built-in texts in `locale`, by the English built-in text each translates. */
export function builtInTexts(locale: TranslatedLocale, key: DocumentKey): BuiltInTexts {
  const cacheKey = `${key}:${locale}`;
  let texts = documentTexts.get(cacheKey);
  if (!texts) {
    const translated = new Map(
      textFields(key, builtInTranslations[locale].documents[key]).map((field) => [field.path, field.text]),
    );
    const pairs = new Map<string, string>();
    for (const field of textFields(key, documentDefaults[key])) {
      const text = translated.get(field.path);
      if (text && text !== field.text && !pairs.has(field.text)) pairs.set(field.text, text);
    }
    texts = pairs;
    documentTexts.set(cacheKey, texts);
  }
  return texts;
}

/** A built-in post's texts in `locale` while its English texts are still the built-in ones. */
export function builtInPostTexts(locale: TranslatedLocale, id: string) {
  const english = defaultPosts.find((post) => post.id === id);
  const translated = builtInTranslations[locale].posts[id];
  return english && translated ? { english, translated } : undefined;
}
