import { useId } from "react";
import { STYLE_NOTE_MAX } from "#content/ai-translation.ts";
import { LOCALES, translatedLocales, type TranslatedLocale } from "#content/locales.ts";
import type { AiSettings, TranslationGuide } from "#content/schemas.ts";
import type { FieldErrors } from "../editor-types.ts";
import { EditorSection } from "../editor/editor-section.tsx";
import { errorsUnder } from "../editor/field-errors.ts";
import { TextField } from "../editor/text-field.tsx";
import { GlossaryEditor } from "./glossary-editor.tsx";

/**
 * The AI tab's "Translation" section (issue 26): for each language the AI
 * translates into, the note on tone and the glossary "Translate from
 * English" uses. Shared by every language of the settings, so shown in the
 * English view only (the tab wraps it in EnglishOnly).
 */
export function TranslationGuidesSection({
  value,
  errors,
  onChange,
}: {
  value: AiSettings["translation"];
  errors: FieldErrors;
  onChange: (next: AiSettings["translation"]) => void;
}) {
  return (
    <EditorSection
      title="Translation"
      description={
        <>
          How &ldquo;Translate from English&rdquo; writes each language: a short note on tone, and terms kept as they
          are (the agency, partners, platforms) or always translated one way. Every translation uses them.
        </>
      }
    >
      {translatedLocales.map((locale) => (
        <LanguageGuide
          key={locale}
          locale={locale}
          guide={value[locale]}
          errors={errorsUnder(errors, `translation.${locale}.`)}
          onChange={(guide) => onChange({ ...value, [locale]: guide })}
        />
      ))}
    </EditorSection>
  );
}

function LanguageGuide({
  locale,
  guide,
  errors,
  onChange,
}: {
  locale: TranslatedLocale;
  guide: TranslationGuide;
  errors: FieldErrors;
  onChange: (next: TranslationGuide) => void;
}) {
  const id = useId();
  const { label, nativeName, htmlLang } = LOCALES[locale];
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border border-slate-200 p-3 sm:p-4">
      <h4 id={id} className="text-sm font-semibold text-slate-950">
        {label}{" "}
        <span lang={htmlLang} className="font-normal text-slate-600">
          ({nativeName})
        </span>
      </h4>
      <TextField
        label={`Style for ${label}`}
        hint="A few words on tone and wording the AI follows, written in English, e.g. “polite, not formal”."
        value={guide.style}
        onChange={(style) => onChange({ ...guide, style })}
        error={errors.style}
        maxLength={STYLE_NOTE_MAX}
        multiline
        rows={3}
      />
      <GlossaryEditor
        language={label}
        glossary={guide.glossary}
        errors={{
          ...errorsUnder(errors, "glossary."),
          ...(errors.glossary ? { "": errors.glossary } : {}),
        }}
        onChange={(glossary) => onChange({ ...guide, glossary })}
      />
    </section>
  );
}
