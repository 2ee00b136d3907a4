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

/** Most glossary terms per language, and the longest style note. */
export const GLOSSARY_MAX_TERMS = 200;
export const GLOSSARY_TERM_MAX = 100;
export const STYLE_NOTE_MAX = 1_000;
