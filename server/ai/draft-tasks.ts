import type { AiTaskId, AiTaskResult } from "#content/ai-tasks.ts";
import { markupToPlainText } from "#content/markup.ts";
import { readingTime, todayIsoDate } from "#content/rules.ts";
import { parseBlogContent, parseExcerpt, parseParagraph, parseServiceDraft } from "./parsers.ts";
import { AiError, GENERATION_FAILED } from "./provider.ts";

/** Sends the draft prompt of that name (./prompts.ts) for the requested title; resolves to the model's raw answer. */
export type AskPrompt = (prompt: AiTaskId) => Promise<string>;

type DraftTask<T extends AiTaskId> = (ask: AskPrompt, title: string) => Promise<AiTaskResult<T>>;

/** An answer with nothing usable in it is a failed generation, not an empty draft. */
function usable<T>(result: T, empty: boolean): T {
  if (empty) throw new AiError(GENERATION_FAILED, 502, "the answer had no usable content");
  return result;
}

/** Each drafting task: which prompts it asks, and the result it makes of the answers. */
export const draftTasks: { [T in AiTaskId]: DraftTask<T> } = {
  "feature-description": async (ask) => {
    const text = parseParagraph(await ask("feature-description"));
    return usable({ text }, text === "");
  },
  service: async (ask) => {
    const draft = parseServiceDraft(await ask("service"));
    return usable(draft, draft.description === "");
  },
  "blog-description": async (ask) => {
    const text = parseExcerpt(await ask("blog-description"));
    return usable({ text }, text === "");
  },
  "blog-content": async (ask, title) => {
    const [rawContent, rawExcerpt] = await Promise.all([ask("blog-content"), ask("blog-description")]);
    const content = parseBlogContent(rawContent, title);
    const excerpt = parseExcerpt(rawExcerpt);
    return usable(
      { content, excerpt, readTime: readingTime(markupToPlainText(content)), date: todayIsoDate() },
      content === "" || excerpt === "",
    );
  },
};
