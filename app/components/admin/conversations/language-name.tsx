import { LOCALES, type Locale } from "#content/locales.ts";

/**
 * The language a conversation was answered in, by its own name (සිංහල,
 * தமிழ்), marked as that language so it is read and drawn as one; its English
 * name on hover.
 */
export function LanguageName({ locale }: { locale: Locale }) {
  const { htmlLang, nativeName, label } = LOCALES[locale];
  return (
    <span lang={htmlLang} title={label}>
      {nativeName}
    </span>
  );
}
