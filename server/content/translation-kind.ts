import { documentDefaults } from "#content/defaults.ts";
import type { LocalizedStoredDocument } from "#content/documents.ts";
import { localize, textsByPath, translationSchema, type Translation } from "#content/localize.ts";
import { LOCALES, type TranslatedLocale } from "#content/locales.ts";
import { builtInTexts } from "#content/translations/index.ts";
import { documents, type DocumentKey } from "#content/sections.ts";
import type { Store } from "#server/db/store.ts";
import { describeZodError } from "#server/http/errors.ts";
import type { Records } from "#server/records/records.ts";
import type { TranslatedKind } from "#server/records/translation-save.ts";
import { readLocalized, type LocalizedDocument } from "./localized.ts";
import { checkDocument } from "./normalize.ts";

/** What a document's translations use of the app's services. */
export interface DocumentTranslationDeps {
  store: Pick<Store, "documents" | "translations">;
  records: Pick<Records, "documents">;
}

/** A document in a language other than English, as the API answers it: the English shape, its texts in the language. */
export function translationAnswer(
  key: DocumentKey,
  locale: TranslatedLocale,
  doc: LocalizedDocument<DocumentKey>,
): LocalizedStoredDocument {
  const translation = doc.translation!;
  return {
    key,
    locale,
    version: translation.version,
    data: doc.data,
    updatedAt: translation.updatedAt,
    updatedBy: translation.updatedBy,
    englishVersion: doc.source.version,
    states: doc.states,
    englishTexts: textsByPath(key, doc.source.data),
  };
}

/**
 * The documents as server/records/translation-save.ts saves their translations: the texts of the
 * document as the editor shows it in the language, each paired with the English of the version it
 * was shown against; the site's built-in texts in the language count as translations too.
 */
export function documentTranslations({
  store,
  records,
}: DocumentTranslationDeps): TranslatedKind<
  DocumentKey,
  LocalizedDocument<DocumentKey>,
  object,
  Translation,
  LocalizedStoredDocument
> {
  return {
    owner: (key) => key,
    textsOf: (key) => documents[key].label,
    named: (key, locale) => `${documents[key].label} (${LOCALES[locale].nativeName})`,
    notFound: "There is no such content section.",
    read: (key, locale) => readLocalized(store, key, locale),
    async english(key, current, version) {
      if (version === undefined || version === current.source.version) return current.source.data;
      if (version === 0) return documentDefaults[key];
      return (await store.documents.revision(key, version))?.data;
    },
    check(key, data, current) {
      // Cleaned as an English save is, against what the page shows in the language now.
      const checked = checkDocument(key, data, current.data);
      return checked.ok ? { ok: true, value: { texts: checked.data } } : checked;
    },
    previous: (current) => current.translation!.data,
    builtIn: (key, locale) => builtInTexts(locale, key),
    compose: (translation) => translation,
    restore(past) {
      const parsed = translationSchema.safeParse(past);
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, ...describeZodError(parsed.error) };
    },
    async write(key, locale, translation, base, user, restoredFrom) {
      const saved = await records.documents.saveTranslation(key, locale, translation, base, user, restoredFrom);
      return saved.ok ? { ok: true } : { ok: false, conflict: true };
    },
    answer: async (key, locale) => translationAnswer(key, locale, await readLocalized(store, key, locale)),
    async revision(key, locale, version) {
      const revision = await store.translations.revision({ key, locale }, version);
      if (!revision) return undefined;
      const past = translationSchema.safeParse(revision.data);
      if (!past.success) return revision;
      const english = await store.documents.get(key);
      const { data } = localize(key, english.data, past.data, builtInTexts(locale, key));
      return { ...revision, key, locale, data };
    },
  };
}
