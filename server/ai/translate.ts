import type { TextFormat } from "#content/ai-translation.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import type { TranslationGuide } from "#content/schemas.ts";
import { storableText } from "#content/storable-text.ts";
import { sanitizeRichHtml } from "#server/content/sanitize.ts";
import { AiError, GENERATION_FAILED, type AiProvider } from "./provider.ts";
import { protectLinks, restoreLinks } from "./translation-links.ts";
import { translationPrompt } from "./translation-prompt.ts";

/**
 * One text of "Translate from English" (issue 26): its prompt is made first
 * (so a request whose texts cannot all be sent is refused before any model
 * call), then one model call translates it.
 */
export interface PreparedText {
  path: string;
  /** The English text as sent. */
  source: string;
  format: TextFormat;
  prompt: string;
  /** The addresses its placeholders stand for (./translation-links.ts). */
  links: string[];
}

export function prepareTranslation(
  { path, text, format }: { path: string; text: string; format: TextFormat },
  locale: TranslatedLocale,
  guide: TranslationGuide,
): PreparedText {
  const hidden = protectLinks(text, format);
  return {
    path,
    source: text,
    format,
    prompt: translationPrompt({ locale, text: hidden.text, format, links: hidden.links.length, guide }),
    links: hidden.links,
  };
}

/** Asked again once when an answer lost, repeated or made up a link placeholder. */
const ATTEMPTS = 2;

/**
 * The translation of `text`: the model's answer unwrapped, its links put
 * back, HTML sanitised (model output is untrusted), stored as saves store
 * text. Every other character (the zero-width joiners of Sinhala conjuncts
 * included) is kept as the model wrote it. Throws an AiError when the model
 * fails or twice answers with the placeholders wrong.
 */
export async function translateText(
  provider: AiProvider,
  text: PreparedText,
  options: { signal?: AbortSignal } = {},
): Promise<string> {
  if (!text.source.trim()) return text.source;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const answer = await provider.generate(text.prompt, options);
    const restored = restoreLinks(unwrap(answer, text.source), text.links);
    if (restored !== undefined) return finish(restored, text);
  }
  throw new AiError(GENERATION_FAILED, 502, `the answers for ${text.path} lost or repeated a link placeholder`);
}

const FENCED = /^```[^\n]*\n([\s\S]*?)\n?```$/;
const QUOTE_PAIRS = [
  ['"', '"'],
  ["“", "”"],
  ["‘", "’"],
  ["'", "'"],
  ["«", "»"],
] as const;

/** The answer without a code fence or quotes the model wrapped it in (kept when the English had them too). */
function unwrap(answer: string, source: string): string {
  let text = answer.trim();
  const english = source.trim();
  const fenced = FENCED.exec(text);
  if (fenced && !english.startsWith("```")) text = fenced[1]!.trim();
  for (const [open, close] of QUOTE_PAIRS) {
    if (text.length > 1 && text.startsWith(open) && text.endsWith(close) && !english.startsWith(open)) {
      text = text.slice(open.length, -close.length).trim();
      break;
    }
  }
  return text;
}

/** The translation with the English text's spaces and line breaks around it, made safe and storable. */
function finish(translation: string, { source, format }: PreparedText): string {
  const before = source.slice(0, source.length - source.trimStart().length);
  const after = source.slice(source.trimEnd().length);
  const text = `${before}${translation}${after}`;
  return storableText(format === "html" ? sanitizeRichHtml(text) : text);
}
