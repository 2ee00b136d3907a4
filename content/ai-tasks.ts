/**
 * The AI drafting contract, shared by the admin's AI buttons and the server
 * (POST /api/ai/generate, server/ai/): which drafts can be asked for, what
 * each answers, and what the admin is told. The prompts and the parsing of
 * what models return stay on the server (server/ai/prompts.ts, parsers.ts).
 */

export const AI_TASK_IDS = ["feature-description", "service", "blog-description", "blog-content"] as const;
export type AiTaskId = (typeof AI_TASK_IDS)[number];

/** The longest title a draft can be asked for. */
export const MAX_AI_TITLE = 300;

/** The request body of POST /api/ai/generate. */
export interface AiTaskRequest {
  task: AiTaskId;
  title: string;
}

/** The answer of POST /api/ai/generate for each task. */
export interface AiTaskResults {
  /** A 2–3 sentence description for a home-page feature card. */
  "feature-description": { text: string };
  /** A 2–3 sentence description plus 4–6 features for a service. */
  service: { description: string; features: string[] };
  /** A 1–2 sentence excerpt for a blog post. */
  "blog-description": { text: string };
  /** A full post in the site's simple markup, with its excerpt, reading time and today's date. */
  "blog-content": { content: string; excerpt: string; readTime: string; date: string };
}
export type AiTaskResult<T extends AiTaskId> = AiTaskResults[T];

export interface AiTaskMessages {
  /** The answer to a blank title (the server's 400, the button's toast). */
  titleRequired: string;
  /** The success toast, or null for none. */
  success: string | null;
  /** The failure toast, or null when a failure is only logged. */
  failure: string | null;
}

/** What the admin reads for each task. */
export const AI_TASK_MESSAGES: Record<AiTaskId, AiTaskMessages> = {
  "feature-description": { titleRequired: "Please enter a feature title first", success: null, failure: null },
  service: {
    titleRequired: "Please enter a service title first",
    success: "Service description and features generated successfully",
    failure: "Failed to generate service content",
  },
  "blog-description": {
    titleRequired: "Please enter a post title first",
    success: "Post description generated successfully",
    failure: "Failed to generate description",
  },
  "blog-content": {
    titleRequired: "Please enter a post title first",
    success: "Full blog content generated successfully",
    failure: "Failed to generate blog content",
  },
};

/** The 429 answer when one admin asks for too many drafts in a short time. */
export const TOO_MANY_DRAFTS = "Too many AI drafts in a short time. Please wait a few minutes and try again.";
