import type { AiTaskId } from "#content/ai-tasks.ts";
import { SITE_NAME } from "#content/constants.ts";
import type { AiSettings } from "#content/schemas.ts";
import { MAX_PROMPT_CHARS } from "./provider.ts";

/**
 * The text of the admin's draft prompts. Turning what a model answers into
 * fields is ./parsers.ts; which prompts a draft asks and how it answers is
 * ./draft-tasks.ts. The chat's prompt is server/chat/prompt.ts.
 */

/** Said about the company when no knowledge base has been written (drafts and the chat). */
export const FALLBACK_COMPANY_SENTENCE = `${SITE_NAME} is a marketing and business-solutions agency founded in Colombo, Sri Lanka, helping businesses grow with strategy, creative work and digital marketing.`;

const CLEAN_OUTPUT_RULES = [
  'Return only the requested content itself: no preamble such as "Here is", no closing remarks, no notes to the editor.',
  "Do not wrap the answer in quotes or in markdown code fences.",
  "Do not invent statistics, prices, client names or contact details that are not in the knowledge base.",
].join("\n- ");

/** Room left for a knowledge base once the rest of the prompt is written. */
function fitKnowledge(knowledge: string, rest: number): string {
  const budget = Math.max(0, MAX_PROMPT_CHARS - rest - 200);
  const text = knowledge.trim();
  if (text.length <= budget) return text;
  const cut = text.slice(0, budget);
  const lastBreak = cut.lastIndexOf("\n");
  return `${lastBreak > budget * 0.8 ? cut.slice(0, lastBreak) : cut}\n[…knowledge base truncated]`;
}

/** The generation prompt: knowledge base, the request, and rules for clean output. */
function generationPrompt(knowledge: string, request: string, extraRules: readonly string[] = []): string {
  const head = `You are a writing assistant for ${SITE_NAME}, a marketing and business-solutions agency in Colombo, Sri Lanka. Use the knowledge base below for facts, tone and audience.\n\nKnowledge base:\n`;
  const tail = `\n\nRequest:\n${request}\n\nRules:\n- ${[CLEAN_OUTPUT_RULES, ...extraRules].join("\n- ")}`;
  const kb = fitKnowledge(knowledge || FALLBACK_COMPANY_SENTENCE, head.length + tail.length);
  return `${head}${kb}${tail}`;
}

interface DraftPrompt {
  /** Blog drafts use the blog knowledge base (the original's "blog flag"). */
  knowledge: "general" | "blog";
  request(title: string): string;
  rules: readonly string[];
}

/** The request of each draft prompt, keyed like the tasks (a full post also asks for its excerpt). */
const draftPrompts: Record<AiTaskId, DraftPrompt> = {
  "feature-description": {
    knowledge: "general",
    request: (title) =>
      `Write a compelling 2-3 sentence description for a feature of our agency shown on the home page, titled "${title}".`,
    rules: ["Write one plain paragraph of 2-3 sentences, with no title, label or list."],
  },
  service: {
    knowledge: "general",
    request: (title) =>
      `Write a professional description (2-3 sentences) and a list of 4-6 key features for the service titled "${title}".`,
    rules: [
      "Use exactly this format, with nothing before or after it:\nDescription: <the 2-3 sentence description>\nFeatures: <feature 1>, <feature 2>, <feature 3>, <feature 4>",
      "Each feature is a short phrase of 2-6 words, separated by commas.",
    ],
  },
  "blog-description": {
    knowledge: "blog",
    request: (title) => `Write a compelling 1-2 sentence excerpt for a blog post titled "${title}".`,
    rules: ["Write the excerpt on a single line: 1-2 sentences, no title, label or markup."],
  },
  "blog-content": {
    knowledge: "blog",
    request: (title) => `Write a complete blog post of 800-1200 words titled "${title}".`,
    rules: [
      'Write in the site\'s simple markup: "## " for section headings, "### " for subheadings, **bold**, *italic*, lines starting with "- " for bullet points, and blank lines between paragraphs.',
      "Do not repeat the title at the top, and do not use HTML, tables, links or images.",
    ],
  },
};

/** The full prompt of draft `prompt` for `title`, over the knowledge base it uses. */
export function draftPrompt(prompt: AiTaskId, title: string, settings: AiSettings): string {
  const { knowledge, request, rules } = draftPrompts[prompt];
  return generationPrompt(
    knowledge === "blog" ? settings.blogKnowledgeBase : settings.knowledgeBase,
    request(title),
    rules,
  );
}
