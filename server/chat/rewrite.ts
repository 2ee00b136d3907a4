import { DEFAULT_LOCALE, LOCALES, type Locale } from "#content/locales.ts";
import type { AiProvider } from "#server/ai/provider.ts";

/**
 * The question in the site's words, for the search (issue 41 item 4;
 * docs/decisions/030-retrieval-by-word-parts.md): with a model configured,
 * one short call asks it how the site's pages would say what the visitor
 * asked, in the visitor's language and in English, and ./site-index.ts
 * searches that wording beside the visitor's (option `rewritten`). A visitor
 * writing "snaps for my shop" finds the page about photography. One try, on
 * a short deadline: when the model is slow or fails, the question alone is
 * searched, as with no model.
 */

/** How the rewrite prompt begins: the fake model (server/dev/fake-ai.ts) tells it from an answer's by this. */
export const REWRITE_PROMPT_START = "Rewrite a website visitor's question as the words a search of the site needs.";

/** The longest the search waits for the rewrite; the answer itself has the provider's own deadline. */
export const REWRITE_TIMEOUT_MS = 2_500;

/** A rewrite longer than this is cut: it should be a line of words, and a long one only adds noise. */
const MAX_REWRITE_CHARS = 300;

export function rewritePrompt(question: string, locale: Locale): string {
  const language = LOCALES[locale].label;
  const languages = locale === DEFAULT_LOCALE ? "in English" : `in ${language}, then in English`;
  return [
    REWRITE_PROMPT_START,
    "The site is a marketing agency's, in English, Sinhala and Tamil.",
    `On one line, write the words its pages would use for what is asked, ${languages}: ` +
      "formal words for colloquial ones, the English word for a loanword. Write nothing else, and do not answer.",
    "",
    `Question: ${question.replace(/\s+/g, " ").trim()}`,
  ].join("\n");
}

/** `question` reworded by the model for the search, or undefined when it fails, is slow or says nothing. */
export async function rewriteForSearch(
  provider: AiProvider,
  question: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (provider.kind === "none") return undefined;
  const deadline = AbortSignal.any([AbortSignal.timeout(REWRITE_TIMEOUT_MS), ...(signal ? [signal] : [])]);
  try {
    const text = (await provider.generate(rewritePrompt(question, locale), { signal: deadline })).trim();
    return text ? text.slice(0, MAX_REWRITE_CHARS) : undefined;
  } catch {
    // The rewrite only helps: the question alone is searched.
    return undefined;
  }
}
