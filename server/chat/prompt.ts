import type { ChatTurn } from "#content/chat.ts";
import { SITE_NAME } from "#content/constants.ts";
import { DEFAULT_LOCALE, type Locale } from "#content/locales.ts";
import { FALLBACK_COMPANY_SENTENCE } from "#server/ai/prompts.ts";
import type { Passage } from "./passages.ts";

/**
 * The chat's prompt (docs/product.md §7 "AI provider"): what a model is told
 * to answer a visitor's question with. The drafts' prompts are
 * server/ai/prompts.ts.
 */

/** Added to the chat prompt when the visitor asks for a person, a call, a meeting or a quote (./handoff.ts). */
export const HANDOFF_RULE =
  "The visitor wants to hear from the team (a person, a call, a meeting or a quote): say warmly that the team will be glad to get back to them, and that they can leave their name and email right here in the chat. Never say that you cannot pass this on.";

/**
 * The language rule of a question in Sinhala or Tamil (./question-locale.ts):
 * the answer is in that language even when some passages, the knowledge base
 * or earlier messages are in English, and keeps what must stay as written.
 * English questions keep the prompt as it was.
 */
export const ANSWER_IN: { readonly [L in Locale]?: string } = {
  si: "Write your whole answer in Sinhala (සිංහල), as a native Sinhala speaker would write to a customer: natural, warm, polite everyday Sinhala, not a word-for-word translation. Answer in Sinhala even when the passages, the knowledge base or earlier messages are partly or wholly in English: translate what you use from them. Keep brand, company, partner, platform and product names, email addresses, phone numbers and web addresses exactly as written.",
  ta: "Write your whole answer in Tamil (தமிழ்), as a native Sri Lankan Tamil speaker would write to a customer: natural, warm, polite Sri Lankan Tamil, not a word-for-word translation. Answer in Tamil even when the passages, the knowledge base or earlier messages are partly or wholly in English: translate what you use from them. Keep brand, company, partner, platform and product names, email addresses, phone numbers and web addresses exactly as written.",
};

/** The chat prompt's passages: numbered from 1, each under its page's title, for the model to cite. */
function numberedPassages(passages: readonly Passage[]): string {
  return passages
    .map((passage, index) => {
      const where = passage.url ? `${passage.title} (${passage.url})` : passage.title;
      return `[${index + 1}] ${where}${passage.heading && passage.heading !== passage.title ? ` — ${passage.heading}` : ""}\n${passage.text}`;
    })
    .join("\n\n");
}

/**
 * The chat prompt: a concise, friendly customer-service answer from the
 * passages of the site that best match the question (./site-index.ts),
 * numbered so the answer can cite them; with none, the sentence about the
 * company, and the instruction to say so rather than guess. With `handoff`,
 * the answer also welcomes the hand-off the chat panel offers under it; with
 * `locale` Sinhala or Tamil, it is written in that language (ANSWER_IN).
 */
export function chatPrompt(
  passages: readonly Passage[],
  history: readonly ChatTurn[],
  message: string,
  { handoff = false, locale = DEFAULT_LOCALE }: { handoff?: boolean; locale?: Locale } = {},
): string {
  const language = ANSWER_IN[locale];
  const conversation = history
    .map((turn) => `${turn.sender === "user" ? "Visitor" : "Assistant"}: ${turn.text}`)
    .join("\n");
  const source =
    passages.length > 0
      ? `Answer the visitor's question using only the numbered passages from our website below.\n\nPassages:\n${numberedPassages(passages)}`
      : `Our website has no passage about the visitor's question. About us: ${FALLBACK_COMPANY_SENTENCE}`;
  return [
    `You are the friendly customer-service assistant on the website of ${SITE_NAME}. ${source}`,
    "",
    ...(conversation ? [`Conversation so far:\n${conversation}`, ""] : []),
    `Visitor's question: ${message}`,
    "",
    "Answer concisely (at most a few short sentences) and in a warm, friendly tone, as plain text without markdown headings.",
    ...(passages.length > 0
      ? ["After each sentence that uses a passage, cite it by its number in square brackets, such as [1] or [2][3]."]
      : []),
    "If the question needs facts that are not given here, say so honestly and suggest contacting the team through the Contact Us page instead of guessing.",
    ...(handoff ? [HANDOFF_RULE] : []),
    ...(language ? [language] : []),
  ].join("\n");
}
