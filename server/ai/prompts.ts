import { SITE_NAME } from "#content/constants.ts";
import { markupToPlainText } from "#content/markup.ts";
import { readingTime, todayIsoDate } from "#content/rules.ts";
import type { AiSettings } from "#content/schemas.ts";
import { AiError, GENERATION_FAILED, MAX_PROMPT_CHARS } from "./provider.ts";

/**
 * Every prompt the site sends to a model (spec §7), in one table. A drafting
 * task names which knowledge base it uses, how to phrase the request, and how
 * to turn what a model really returns into the fields the admin fills in.
 */

export type DraftTask = "feature-description" | "service" | "blog-description" | "blog-content";
export const DRAFT_TASKS = ["feature-description", "service", "blog-description", "blog-content"] as const satisfies readonly DraftTask[];

export interface ChatTurn {
  sender: "user" | "ai";
  text: string;
}

/** Said about the company when no knowledge base has been written (spec §7). */
export const FALLBACK_COMPANY_SENTENCE = `${SITE_NAME} is a marketing and business-solutions agency founded in Colombo, Sri Lanka, helping businesses grow with strategy, creative work and digital marketing.`;

const CLEAN_OUTPUT_RULES = [
  "Return only the requested content itself: no preamble such as \"Here is\", no closing remarks, no notes to the editor.",
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

/** The generation prompt of spec §7: knowledge base, the request, and rules for clean output. */
export function generationPrompt(knowledge: string, request: string, extraRules: readonly string[] = []): string {
  const head = `You are a writing assistant for ${SITE_NAME}, a marketing and business-solutions agency in Colombo, Sri Lanka. Use the knowledge base below for facts, tone and audience.\n\nKnowledge base:\n`;
  const tail = `\n\nRequest:\n${request}\n\nRules:\n- ${[CLEAN_OUTPUT_RULES, ...extraRules].join("\n- ")}`;
  const kb = fitKnowledge(knowledge || FALLBACK_COMPANY_SENTENCE, head.length + tail.length);
  return `${head}${kb}${tail}`;
}

/** The chat prompt of spec §7: a concise, friendly customer-service answer over the knowledge base. */
export function chatPrompt(knowledge: string, history: readonly ChatTurn[], message: string): string {
  const conversation = history.map((turn) => `${turn.sender === "user" ? "Visitor" : "Assistant"}: ${turn.text}`).join("\n");
  const head = `You are the friendly customer-service assistant on the website of ${SITE_NAME}. Answer the visitor's question using the knowledge base below.\n\nKnowledge base:\n`;
  const tail = [
    "",
    "",
    conversation ? `Conversation so far:\n${conversation}\n` : "",
    `Visitor's question: ${message}`,
    "",
    "Answer concisely (at most a few short sentences) and in a warm, friendly tone, as plain text without markdown headings.",
    "If the knowledge base does not cover the question, say so honestly and suggest contacting the team through the Contact Us page instead of guessing.",
  ].join("\n");
  const kb = fitKnowledge(knowledge.trim() || FALLBACK_COMPANY_SENTENCE, head.length + tail.length);
  return `${head}${kb}${tail}`;
}

// ---------------------------------------------------------------------------
// Cleaning what models return

/** Removes code fences, a leading "Here is…:" line and wrapping quotes. */
export function cleanModelText(text: string): string {
  let out = text.replace(/\r\n/g, "\n").trim();
  const fenced = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(out);
  if (fenced) out = fenced[1]!.trim();
  out = out.replace(/^(?:sure[,!.]?\s*)?here(?:'s| is| are)\b[^\n]*:\s*\n+/i, "");
  if (/^["“].*["”]$/s.test(out) && !/["“”]/.test(out.slice(1, -1))) out = out.slice(1, -1).trim();
  return out;
}

/** Markdown emphasis and heading markers removed, whitespace collapsed: for one-paragraph fields. */
function plainParagraph(text: string): string {
  return text
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/\*\*(.+?)\*\*/g, "$1")
    .replace(/__(.+?)__/g, "$1")
    .replace(/(^|[\s(])\*(\S[^*]*?)\*/g, "$1$2")
    .replace(/\s+/g, " ")
    .trim();
}

const stripLabel = (text: string, label: string) =>
  text.replace(new RegExp(`^\\s*(?:#{1,6}\\s*)?(?:\\*\\*|__)?\\s*${label}\\s*:?\\s*(?:\\*\\*|__)?\\s*:?\\s*`, "i"), "");

function cleanFeature(item: string): string {
  return plainParagraph(item.replace(/^\s*(?:[-*•–]|\d+[.)])\s+/, ""))
    .replace(/^["']|["']$/g, "")
    .replace(/[.;]+$/, "")
    .trim();
}

/** Splits a features block written as bullets, a numbered list or comma-separated text. */
function splitFeatures(block: string): string[] {
  const lines = block.split("\n").map((line) => line.trim()).filter(Boolean);
  const listed = lines.filter((line) => /^(?:[-*•–]|\d+[.)])\s+/.test(line));
  const items = listed.length >= 2 ? listed : lines.join(", ").split(/,(?![^(]*\))|;/);
  return items.map(cleanFeature).filter((feature) => feature !== "");
}

function fromJson(text: string): { description: string; features: string[] } | undefined {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start === -1 || end <= start) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object") return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  const pick = (name: string) => entries.find(([key]) => key.toLowerCase() === name)?.[1];
  const description = pick("description");
  const features = pick("features");
  if (typeof description !== "string") return undefined;
  const list = Array.isArray(features)
    ? features.filter((f): f is string => typeof f === "string").map(cleanFeature)
    : typeof features === "string"
      ? splitFeatures(features)
      : [];
  return { description: plainParagraph(description), features: list.filter(Boolean) };
}

/**
 * A service draft from what models really send: "Description:/Features:"
 * labels (maybe in bold or as headings), bullets, numbered lists, plain
 * comma lists or JSON.
 */
export function parseServiceDraft(raw: string): { description: string; features: string[] } {
  const text = cleanModelText(raw);
  const json = fromJson(text);
  if (json?.description) return { ...json, features: json.features.slice(0, 8) };

  const featuresLabel = /^\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*(?:key\s+)?features\s*:?\s*(?:\*\*|__)?\s*:?/im;
  const match = featuresLabel.exec(text);
  let descriptionPart: string;
  let featurePart: string;
  if (match) {
    descriptionPart = text.slice(0, match.index);
    featurePart = text.slice(match.index + match[0].length);
  } else {
    const lines = text.split("\n");
    const firstItem = lines.findIndex((line) => /^\s*(?:[-*•–]|\d+[.)])\s+/.test(line));
    if (firstItem > 0) {
      descriptionPart = lines.slice(0, firstItem).join("\n");
      featurePart = lines.slice(firstItem).join("\n");
    } else {
      const paragraphs = text.split(/\n\s*\n/);
      const last = paragraphs.at(-1) ?? "";
      const looksLikeList = paragraphs.length > 1 && last.split(",").length >= 3 && !/[.!?]\s+\S/.test(last);
      descriptionPart = looksLikeList ? paragraphs.slice(0, -1).join("\n") : text;
      featurePart = looksLikeList ? last : "";
    }
  }
  const description = plainParagraph(stripLabel(descriptionPart, "(?:service\\s+)?description"));
  const features = featurePart ? splitFeatures(featurePart).slice(0, 8) : [];
  return { description, features };
}

/** A one-paragraph answer (feature description), labels and markdown removed. */
export function parseParagraph(raw: string): string {
  return plainParagraph(stripLabel(cleanModelText(raw), "description"));
}

/** A blog excerpt: only the first line kept (spec §9). */
export function parseExcerpt(raw: string): string {
  const text = stripLabel(cleanModelText(raw), "(?:excerpt|description)");
  const firstLine = text.split("\n").map((line) => line.trim()).find(Boolean) ?? "";
  return plainParagraph(firstLine);
}

/** A full post in the site's simple markup; a top-level "# Title" line is dropped (the post has its own title). */
export function parseBlogContent(raw: string, title: string): string {
  const text = cleanModelText(raw);
  const lines = text.split("\n");
  const first = lines[0]?.trim() ?? "";
  const isTitle = /^#\s+/.test(first) || plainParagraph(first).toLowerCase() === title.trim().toLowerCase();
  return (isTitle ? lines.slice(1).join("\n") : text).trim();
}

// ---------------------------------------------------------------------------
// The table

export interface DraftResults {
  "feature-description": { text: string };
  service: { description: string; features: string[] };
  "blog-description": { text: string };
  "blog-content": { content: string; excerpt: string; readTime: string; date: string };
}

interface DraftPrompt<T extends DraftTask> {
  /** Blog tasks use the blog knowledge base (the original's "blog flag"). */
  knowledge: "general" | "blog";
  /** Shown when the title is blank. */
  titleRequired: string;
  request(title: string): string;
  rules?: readonly string[];
  /** Runs the prompt(s) through `ask` and shapes the answer. */
  run(ask: (prompt: string) => Promise<string>, title: string, settings: AiSettings): Promise<DraftResults[T]>;
}

const knowledgeFor = (kind: "general" | "blog", settings: AiSettings) => (kind === "blog" ? settings.blogKnowledgeBase : settings.knowledgeBase);

const promptFor = (task: DraftTask, title: string, settings: AiSettings) => {
  const entry = draftPrompts[task];
  return generationPrompt(knowledgeFor(entry.knowledge, settings), entry.request(title), entry.rules);
};

const nonEmpty = <T>(value: T, empty: boolean): T => {
  if (empty) throw new AiError(GENERATION_FAILED, 502, "the answer had no usable content");
  return value;
};

export const draftPrompts: { [T in DraftTask]: DraftPrompt<T> } = {
  "feature-description": {
    knowledge: "general",
    titleRequired: "Please enter a feature title first",
    request: (title) => `Write a compelling 2-3 sentence description for a feature of our agency shown on the home page, titled "${title}".`,
    rules: ["Write one plain paragraph of 2-3 sentences, with no title, label or list."],
    async run(ask, title, settings) {
      const text = parseParagraph(await ask(promptFor("feature-description", title, settings)));
      return nonEmpty({ text }, text === "");
    },
  },
  service: {
    knowledge: "general",
    titleRequired: "Please enter a service title first",
    request: (title) =>
      `Write a professional description (2-3 sentences) and a list of 4-6 key features for the service titled "${title}".`,
    rules: [
      "Use exactly this format, with nothing before or after it:\nDescription: <the 2-3 sentence description>\nFeatures: <feature 1>, <feature 2>, <feature 3>, <feature 4>",
      "Each feature is a short phrase of 2-6 words, separated by commas.",
    ],
    async run(ask, title, settings) {
      const draft = parseServiceDraft(await ask(promptFor("service", title, settings)));
      return nonEmpty(draft, draft.description === "");
    },
  },
  "blog-description": {
    knowledge: "blog",
    titleRequired: "Please enter a post title first",
    request: (title) => `Write a compelling 1-2 sentence excerpt for a blog post titled "${title}".`,
    rules: ["Write the excerpt on a single line: 1-2 sentences, no title, label or markup."],
    async run(ask, title, settings) {
      const text = parseExcerpt(await ask(promptFor("blog-description", title, settings)));
      return nonEmpty({ text }, text === "");
    },
  },
  "blog-content": {
    knowledge: "blog",
    titleRequired: "Please enter a post title first",
    request: (title) => `Write a complete blog post of 800-1200 words titled "${title}".`,
    rules: [
      "Write in the site's simple markup: \"## \" for section headings, \"### \" for subheadings, **bold**, *italic*, lines starting with \"- \" for bullet points, and blank lines between paragraphs.",
      "Do not repeat the title at the top, and do not use HTML, tables, links or images.",
    ],
    async run(ask, title, settings) {
      const [rawContent, rawExcerpt] = await Promise.all([
        ask(promptFor("blog-content", title, settings)),
        ask(promptFor("blog-description", title, settings)),
      ]);
      const content = parseBlogContent(rawContent, title);
      const excerpt = parseExcerpt(rawExcerpt);
      return nonEmpty(
        { content, excerpt, readTime: readingTime(markupToPlainText(content)), date: todayIsoDate() },
        content === "" || excerpt === "",
      );
    },
  },
};
