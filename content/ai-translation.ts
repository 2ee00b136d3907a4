import { SITE_NAME } from "./constants.ts";
import { translatedLocales, type TranslatedLocale } from "./locales.ts";
import { z } from "./zod.ts";

/**
 * "Translate from English" (issue 26): the admin's browser sends the English
 * texts it wants in a language, the server translates them one by one with
 * the AI provider (glossary and style of that language applied) and streams
 * each back as it lands. Nothing is saved: the browser puts the texts in the
 * editor's draft, an ordinary unsaved edit. Shared by browser and server.
 *
 *   POST /api/ai/translate {locale, texts: [{path, text, format}]}
 *   → 200 application/x-ndjson, one TranslateEvent per line:
 *       {"type":"start","total":12}
 *       {"type":"text","path":"hero.title","text":"…"}      (one per text, in the order sent)
 *       {"type":"error","error":"…","left":["features.2.title", …]}   (a failure mid-way: the stream ends)
 *       {"type":"done","translated":12}
 *   → before the stream: 400 (bad input), 401/403, 429 (limit), 503 {error: AI_NOT_CONFIGURED}
 *
 *   GET /api/ai/status → AiStatus (admins): whether the buttons can work, and why not.
 */

/** How a text is written: the model keeps markup (and never the links' addresses) as it is. */
export const TEXT_FORMATS = ["plain", "markdown", "html"] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

/** Most texts one request translates, and their length together. */
export const TRANSLATE_MAX_TEXTS = 300;
export const TRANSLATE_MAX_CHARS = 250_000;

export const translateRequestSchema = z.strictObject({
  locale: z.enum(translatedLocales as [TranslatedLocale, ...TranslatedLocale[]], {
    error: `locale must be one of: ${translatedLocales.join(", ")}.`,
  }),
  texts: z
    .array(
      z.strictObject({
        path: z.string().min(1).max(200),
        text: z.string().min(1, "A text to translate is empty.").max(200_000),
        format: z.enum(TEXT_FORMATS).default("plain"),
      }),
    )
    .min(1, "Send at least one text to translate.")
    .max(TRANSLATE_MAX_TEXTS, `Translate at most ${TRANSLATE_MAX_TEXTS} texts at once.`)
    .refine((texts) => texts.reduce((sum, text) => sum + text.text.length, 0) <= TRANSLATE_MAX_CHARS, {
      message: `Translate at most ${TRANSLATE_MAX_CHARS.toLocaleString("en-US")} characters at once.`,
    })
    .refine((texts) => new Set(texts.map((text) => text.path)).size === texts.length, {
      message: "Each text's path must be different.",
    }),
});
export type TranslateRequest = z.input<typeof translateRequestSchema>;

/** One line of the answer to POST /api/ai/translate. */
export type TranslateEvent =
  | { type: "start"; total: number }
  | { type: "text"; path: string; text: string }
  /** The provider failed: the texts already sent stand; `left` are the paths not translated. */
  | { type: "error"; error: string; left: string[] }
  | { type: "done"; translated: number };

/** GET /api/ai/status: which provider the server has, and whether translating can work (else why not). */
export interface AiStatus {
  provider: "gemini" | "openai" | "none";
  translate: { available: true } | { available: false; reason: string };
}

/**
 * Texts an administrator may have translated in ten minutes, counted per text
 * (each is one model call), so one request of 300 texts counts 300.
 */
export const TRANSLATED_TEXTS_PER_ADMIN_LIMIT = 600;
export const TOO_MANY_TRANSLATIONS =
  "Too many texts translated in a short time. Please wait a few minutes and try again.";

/** A glossary's term: kept as it is (`translation` empty), or always translated as `translation`. */
export interface GlossaryTerm {
  term: string;
  translation: string;
}

/** How the AI translates into one language (the AI settings' `translation`, checked by content/schemas.ts). */
export interface TranslationGuide {
  style: string;
  glossary: GlossaryTerm[];
}

/** Most glossary terms per language, and the longest style note. */
export const GLOSSARY_MAX_TERMS = 200;
export const GLOSSARY_TERM_MAX = 100;
export const STYLE_NOTE_MAX = 1_000;

/** Names every language keeps in Latin letters: the agency, its partners (content/defaults.ts), the platforms. */
const KEPT_NAMES = [
  SITE_NAME,
  "Serendib Cloud",
  "Harbourline Analytics",
  "Ceylon Leaf Exports",
  "Kelani Print House",
  "Palmyra Media",
  "Google",
  "Meta",
  "TikTok",
  "LinkedIn",
  "WhatsApp",
  "SEO",
];

/** The motto, translated as the built-in translations write it (content/translations/si.ts, ta.ts). */
const MOTTO = "Built without noise. Powered by purpose.";

const kept = (): GlossaryTerm[] => KEPT_NAMES.map((term) => ({ term, translation: "" }));

/** The guides a site starts with, and AI settings saved before guides existed read as. */
export const DEFAULT_TRANSLATION_GUIDES: Readonly<Record<TranslatedLocale, TranslationGuide>> = {
  si: {
    style:
      "Warm and polite, not stiff. Everyday written Sinhala that a Colombo business owner reads easily, not literary or overly formal; address the reader as ඔබ. Keep English brand, platform and product names in Latin letters.",
    glossary: [...kept(), { term: MOTTO, translation: "ඝෝෂාවෙන් තොරව ගොඩනැගූ. අරමුණින් බලගැන්වූ." }],
  },
  ta: {
    style:
      "Warm and polite, not stiff. Clear, modern written Tamil as Sri Lankan readers use it (Sri Lankan words and spelling, not Indian Tamil usage), not literary; address the reader as நீங்கள். Keep English brand, platform and product names in Latin letters.",
    glossary: [...kept(), { term: MOTTO, translation: "ஆரவாரமற்ற உருவாக்கம். நோக்கம் நிறைந்த இயக்கம்." }],
  },
};
