import { Hono, type Context } from "hono";
import { z } from "zod";
import { AI_TASK_IDS, AI_TASK_MESSAGES, MAX_AI_TITLE, TOO_MANY_DRAFTS } from "#content/ai-tasks.ts";
import { storableText } from "#content/storable-text.ts";
import { AI_SETTINGS_KEY } from "#content/sections.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { requireAdmin } from "#server/http/middleware.ts";
import type { Logger } from "#server/logger.ts";
import { draftTasks } from "./draft-tasks.ts";
import { draftPrompt } from "./prompts.ts";
import { AiError, aiFailureDetail, GENERATION_FAILED } from "./provider.ts";
import type { AiService } from "./service.ts";

/** What drafting uses of the app's services. */
type DraftDeps = { ai: AiService; store: Pick<Store, "documents">; logger: Logger };

const generateSchema = z.strictObject({
  task: z.enum(AI_TASK_IDS, { error: `task must be one of: ${AI_TASK_IDS.join(", ")}.` }),
  title: z
    .string({ error: "title must be text." })
    .overwrite(storableText)
    .max(MAX_AI_TITLE, `The title is too long (at most ${MAX_AI_TITLE} characters).`),
});

function logFailure(c: Context<AppBindings<DraftDeps>>, what: string, error: unknown) {
  c.var.deps.logger.warn(`${what} failed`, { provider: c.var.deps.ai.provider.kind, detail: aiFailureDetail(error) });
}

/**
 * POST /ai/generate: the admin's drafting buttons. The knowledge base and the
 * key stay here: browsers only ever get the drafts. The public assistant is
 * server/chat/.
 */
export const aiRoutes = new Hono<AppBindings<DraftDeps>>().post("/ai/generate", requireAdmin, async (c) => {
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
