import { LOCALES, type TranslatedLocale } from "#content/locales.ts";
import { draftProgress, type TextInLanguage } from "./data/translation-copy.ts";

const texts = (n: number) => (n === 1 ? "text" : "texts");

/**
 * How far a document's translation is (issue 25): "සිංහල: 14 of 18 texts
 * translated · 2 English changed", counted on the draft as it would be saved.
 */
export function TranslationProgress({
  locale,
  texts: inLanguage,
  draft,
}: {
  locale: TranslatedLocale;
  texts: ReadonlyMap<string, TextInLanguage>;
  draft: unknown;
}) {
  const { total, translated, stale } = draftProgress(inLanguage, draft);
  const { htmlLang, nativeName } = LOCALES[locale];
  return (
    <p className="text-sm text-slate-700">
      <span lang={htmlLang} className="font-medium text-slate-900">
        {nativeName}
      </span>
      {": "}
      {total === 0 ? (
        "nothing to translate"
      ) : (
        <>
          {translated.toLocaleString("en-US")} of {total.toLocaleString("en-US")} {texts(total)} translated
          {stale > 0 && (
            <>
              {" · "}
              <span className="font-medium text-amber-800">{stale.toLocaleString("en-US")} English changed</span>
            </>
          )}
        </>
      )}
    </p>
  );
}
