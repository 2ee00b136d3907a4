import type { StoredDocument } from "#content/documents.ts";
import { localize, type Localized, type Translation } from "#content/localize.ts";
import { isTranslated, type Locale } from "#content/locales.ts";
import type { DocumentKey, DocumentOf } from "#content/sections.ts";
import { builtInTexts } from "#content/translations/index.ts";
import type { Store } from "#server/db/store.ts";

export interface LocalizedDocument<K extends DocumentKey> extends Localized<DocumentOf<K>> {
  /** The English document it was made from. */
  source: StoredDocument<DocumentOf<K>>;
  /** The stored translation (version 0 when none was saved); undefined for English. */
  translation: StoredDocument<Translation, string> | undefined;
}

type Stores = Pick<Store, "documents" | "translations">;

// The last localized copy of each document and language, per store.
const made = new WeakMap<object, Map<string, LocalizedDocument<DocumentKey>>>();

/**
 * Document `key` as a page in `locale` shows it: its English data with the
 * language's texts (content/localize.ts `localize`), and which texts are still
 * English. Stored documents are frozen and replaced on save, so a localized
 * copy is kept for as long as both it was made from stay the same objects.
 */
export async function readLocalized<K extends DocumentKey>(
  stores: Stores,
  key: K,
  locale: Locale,
): Promise<LocalizedDocument<K>> {
  const source = await stores.documents.get(key);
  if (!isTranslated(locale)) return { data: source.data, states: {}, english: [], source, translation: undefined };
  const translation = await stores.translations.get({ key, locale });
  let kept = made.get(stores);
  if (!kept) made.set(stores, (kept = new Map()));
  const cacheKey = `${key}:${locale}`;
  const last = kept.get(cacheKey) as LocalizedDocument<K> | undefined;
  if (last && last.source === source && last.translation === translation) return last;
  const localized = { ...localize(key, source.data, translation.data, builtInTexts(locale, key)), source, translation };
  kept.set(cacheKey, localized as unknown as LocalizedDocument<DocumentKey>);
  return localized;
}
