import type { TextFormat } from "#content/ai-translation.ts";
import { SITE_NAME } from "#content/constants.ts";
import { LOCALES, type TranslatedLocale } from "#content/locales.ts";
import type { GlossaryTerm, TranslationGuide } from "#content/schemas.ts";

/**
 * The prompt of "Translate from English" (issue 26): one text, into one
 * language, with that language's style note and the glossary terms the text
 * holds. Links are already placeholders (./translation-links.ts).
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The glossary's terms that occur in `text`, whatever their case, as whole
 * words ("Meta" is in "Meta ads", not in "metadata"). Only these go in the
 * prompt: a glossary of 200 terms would otherwise fill every prompt.
 */
export function termsIn(text: string, glossary: readonly GlossaryTerm[]): GlossaryTerm[] {
  const lower = text.toLowerCase();
  return matchersOf(glossary)
    .filter(({ needle, pattern }) => lower.includes(needle) && pattern.test(text))
    .map(({ entry }) => entry);
}

type Matcher = { entry: GlossaryTerm; needle: string; pattern: RegExp };

/**
 * Each term's matcher, made once per glossary (a stored document's glossary is
 * the same object until the next save): a request of 300 texts against 200
 * terms then looks for each term with a plain search first, and runs the
 * whole-word pattern only where the term is there.
 */
const matchers = new WeakMap<readonly GlossaryTerm[], Matcher[]>();

function matchersOf(glossary: readonly GlossaryTerm[]): Matcher[] {
  let made = matchers.get(glossary);
  if (!made) {
    made = glossary.map((entry) => ({
      entry,
      needle: entry.term.toLowerCase(),
      pattern: new RegExp(String.raw`(?<![\p{L}\p{N}\p{M}])${escapeRegExp(entry.term)}(?![\p{L}\p{N}\p{M}])`, "iu"),
    }));
    matchers.set(glossary, made);
  }
  return made;
}

/** What the model is told about each format: the markup is kept exactly, only the words change. */
const FORMAT_RULES: Record<TextFormat, string> = {
  plain: "The text is plain text: keep its line breaks as they are and add no markup.",
  markdown:
    'The text is in simple markdown: keep every mark exactly as and where it is ("## " and "### " headings, "- " and "1. " list items, **bold**, *italic*, links written [words](⟦1⟧), blank lines between paragraphs) and translate only the words, a link\'s words included.',
  html: "The text is HTML: keep every tag, attribute and entity exactly as it is, in the same order and nesting, and translate only the text between the tags.",
};

export interface TranslationPromptInput {
  locale: TranslatedLocale;
  /** The English text, its links already placeholders. */
  text: string;
  format: TextFormat;
  /** How many link placeholders the text holds. */
  links: number;
  guide: TranslationGuide;
}

export function translationPrompt({ locale, text, format, links, guide }: TranslationPromptInput): string {
  const { label, nativeName } = LOCALES[locale];
  const parts = [
    `You are a native ${label} copywriter in Sri Lanka, translating the website of ${SITE_NAME}, a marketing and business-solutions agency in Colombo, from English into ${label} (${nativeName}). Write as a native copywriter would for Sri Lankan readers: natural and idiomatic, faithful to the meaning and the tone, not word for word.`,
  ];
  const style = guide.style.trim();
  if (style) parts.push(`Style for ${label}:\n${style}`);
  const terms = termsIn(text, guide.glossary);
  if (terms.length > 0) {
    const lines = terms.map(({ term, translation }) =>
      translation
        ? `- "${term}": always translate it as "${translation}".`
        : `- "${term}": keep it exactly as it is, in English.`,
    );
    parts.push(`Glossary (follow it exactly, whatever the case of the term in the text):\n${lines.join("\n")}`);
  }
  const rules = [
    `Answer with the ${label} translation only: no preamble, no notes, no quotes around it and no code fences.`,
    FORMAT_RULES[format],
    ...(links > 0
      ? [
          "Each placeholder such as ⟦1⟧ stands for a link's address: keep every placeholder exactly as it is, each once, where it belongs in the translated sentence.",
        ]
      : []),
    "Keep numbers, prices, dates, email addresses, phone numbers and people's names as they are written.",
    "Do not add, leave out or explain anything.",
  ];
  parts.push(`Rules:\n${rules.map((rule) => `- ${rule}`).join("\n")}`);
  parts.push(`English text:\n${text}`);
  return parts.join("\n\n");
}
