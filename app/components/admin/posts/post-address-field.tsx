import { LOCALES, type TranslatedLocale } from "#content/locales.ts";
import { postPath } from "#content/public-pages.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";

/**
 * A post's address in another language (issue 25): `/si/blog/<slug>`, its
 * own, the English post's until it is changed. Lowercase ASCII words and
 * dashes (the schema says so when it is not); a renamed address keeps
 * answering, with a redirect to the new one.
 */
export function PostAddressField({
  locale,
  value,
  saved,
  isSaved,
  onChange,
  error,
}: {
  locale: TranslatedLocale;
  value: string;
  /** The address it has now. */
  saved: string;
  /** The translation was saved before (an unsaved one takes the English post's address, or the next free one). */
  isSaved: boolean;
  onChange: (slug: string) => void;
  error?: string | undefined;
}) {
  const { htmlLang, nativeName } = LOCALES[locale];
  const prefix = postPath("", locale);
  const renamed = isSaved && value !== saved;
  return (
    <Field
      label={
        <>
          Address in <span lang={htmlLang}>{nativeName}</span>
        </>
      }
      error={error}
      hint={
        <>
          Lowercase letters a–z, digits and dashes.{" "}
          {renamed
            ? `Once saved, the old address ${prefix}${saved} redirects here.`
            : isSaved
              ? "If you change it, the old address keeps working: it redirects to the new one."
              : "Until you choose one, the first save takes the English post's address (or the next free one)."}
        </>
      }
    >
      {(props) => (
        <div className="flex min-w-0 items-stretch">
          <span
            className="inline-flex shrink-0 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600"
            aria-hidden="true"
          >
            {prefix}
          </span>
          <Input
            {...props}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            className="min-w-0 rounded-l-none"
          />
        </div>
      )}
    </Field>
  );
}
