import { Hono, type Context } from "hono";
import { stream } from "hono/streaming";
import type { StreamingApi } from "hono/utils/stream";
import { z } from "zod";
import { AI_TASK_IDS, AI_TASK_MESSAGES, MAX_AI_TITLE, TOO_MANY_DRAFTS } from "#content/ai-tasks.ts";
import {
  TOO_MANY_TRANSLATIONS,
  translateRequestSchema,
  type AiStatus,
  type TranslateEvent,
} from "#content/ai-translation.ts";
import { storableText } from "#content/storable-text.ts";
import { AI_SETTINGS_KEY } from "#content/sections.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody } from "#server/http/parse-body.ts";
import type { Logger } from "#server/logger.ts";
import { draftTasks } from "./draft-tasks.ts";
import { draftPrompt } from "./prompts.ts";
import { AI_NOT_CONFIGURED, AiError, aiFailureDetail, GENERATION_FAILED, MAX_PROMPT_CHARS } from "./provider.ts";
import type { AiService } from "./service.ts";
import { prepareTranslation, translateText, type PreparedText } from "./translate.ts";

/** What drafting and translating use of the app's services. */
type DraftDeps = { ai: AiService; store: Pick<Store, "documents">; logger: Logger };

const generateSchema = z.strictObject({
  task: z.enum(AI_TASK_IDS, { error: `task must be one of: ${AI_TASK_IDS.join(", ")}.` }),
  title: z
    .string({ error: "title must be text." })
    .overwrite(storableText)
    .max(MAX_AI_TITLE, `The title is too long (at most ${MAX_AI_TITLE} characters).`),
});

function logFailure(
  c: Context<AppBindings<DraftDeps>>,
  what: string,
  error: unknown,
  fields: Record<string, unknown> = {},
) {
  c.var.deps.logger.warn(`${what} failed`, {
    provider: c.var.deps.ai.provider.kind,
    ...fields,
    detail: aiFailureDetail(error),
  });
}

/** Writes one line of the translation's answer (content/ai-translation.ts TranslateEvent). */
const writeEvent = (out: StreamingApi, event: TranslateEvent) => out.write(`${JSON.stringify(event)}\n`);

/**
 * The texts one by one, each written as soon as it lands; on a failure, what
 * is left, and the end. Stops calling the model as soon as the admin goes
 * (the request's signal, or the answer's stream cancelled).
 */
function streamTranslations(c: Context<AppBindings<DraftDeps>>, texts: PreparedText[], locale: string): Response {
  const { provider } = c.var.deps.ai;
  const requestSignal = c.req.raw.signal;
  c.header("Content-Type", "application/x-ndjson; charset=utf-8");
  c.header("Cache-Control", "no-store");
  c.header("X-Accel-Buffering", "no");
  return stream(c, async (out) => {
    const stop = new AbortController();
    const onGone = () => stop.abort(new DOMException("The administrator stopped the translation.", "AbortError"));
    requestSignal.addEventListener("abort", onGone, { once: true });
    out.onAbort(onGone);
    if (requestSignal.aborted) onGone();
    let translated = 0;
    try {
      await writeEvent(out, { type: "start", total: texts.length });
      for (const text of texts) {
        if (stop.signal.aborted) return;
        let translation: string;
        try {
          translation = await translateText(provider, text, { signal: stop.signal });
        } catch (error) {
          if (stop.signal.aborted) return;
          logFailure(c, "AI translation", error, { locale, path: text.path, done: translated, total: texts.length });
          await writeEvent(out, {
            type: "error",
            error: error instanceof AiError ? error.message : GENERATION_FAILED,
            left: texts.slice(translated).map((left) => left.path),
          });
          return;
        }
        if (stop.signal.aborted) return;
        await writeEvent(out, { type: "text", path: text.path, text: translation });
        translated += 1;
      }
      await writeEvent(out, { type: "done", translated });
    } finally {
      requestSignal.removeEventListener("abort", onGone);
    }
  });
}

/**
 * The admin's AI buttons. The knowledge base, the glossaries and the key stay
 * here: browsers only ever get the drafts and translations. The public
 * assistant is server/chat/.
 *
 * - `POST /ai/generate`: a draft (content/ai-tasks.ts).
 * - `GET /ai/status`: whether translating can work, and why not (content/ai-translation.ts).
 * - `POST /ai/translate`: English texts into Sinhala or Tamil, streamed one by one
 *   (content/ai-translation.ts). Nothing is stored: the admin's editor keeps them as an unsaved edit.
 */
export const aiRoutes = new Hono<AppBindings<DraftDeps>>()
  .get("/ai/status", (c) => {
    const { kind } = c.var.deps.ai.provider;
    const status: AiStatus = {
      provider: kind,
      translate: kind === "none" ? { available: false, reason: AI_NOT_CONFIGURED } : { available: true },
    };
    c.header("Cache-Control", "no-store");
    return c.json(status);
  })
  .post("/ai/translate", async (c) => {
    const { ai } = c.var.deps;
    const body = await parseBody(c, translateRequestSchema);
    if (!body.ok) return body.response;
    if (ai.provider.kind === "none") return jsonError(c, 503, AI_NOT_CONFIGURED);
    const { locale } = body.data;
    const guide = (await c.var.deps.store.documents.get(AI_SETTINGS_KEY)).data.translation[locale];
    const texts = body.data.texts.map((text) => prepareTranslation(text, locale, guide));
    const tooLong = texts.find((text) => text.prompt.length > MAX_PROMPT_CHARS);
    if (tooLong) return jsonError(c, 400, `The text at ${tooLong.path} is too long to translate at once.`);
    // Counted per text, all or none: a request over what is left of the limit is refused whole.
    const limit = await ai.translatedTextsPerAdmin.hit(c.var.user!.email, Date.now(), texts.length);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      return jsonError(c, 429, TOO_MANY_TRANSLATIONS);
    }
    return streamTranslations(c, texts, locale);
  })
  .post("/ai/generate", async (c) => {
    const { ai } = c.var.deps;
    const limit = await ai.draftsPerAdmin.hit(c.var.user!.email);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      return jsonError(c, 429, TOO_MANY_DRAFTS);
    }
    const body = await parseBody(c, generateSchema);
    if (!body.ok) return body.response;
    const { task } = body.data;
    const title = body.data.title.trim();
    if (!title) return jsonError(c, 400, AI_TASK_MESSAGES[task].titleRequired);
    const settings = (await c.var.deps.store.documents.get(AI_SETTINGS_KEY)).data;
    try {
      const signal = c.req.raw.signal;
      const result = await draftTasks[task](
        (prompt) => ai.provider.generate(draftPrompt(prompt, title, settings), { signal }),
        title,
      );
      return c.json(result);
    } catch (error) {
      logFailure(c, `AI draft (${task})`, error);
      if (error instanceof AiError) return jsonError(c, error.status, error.message);
      return jsonError(c, 502, GENERATION_FAILED);
    }
  });
