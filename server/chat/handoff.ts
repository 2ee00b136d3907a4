import type { HandoffReason } from "#content/chat.ts";

/**
 * When the chat offers to pass the conversation to the team (docs/product.md §2
 * "Leads from the chat"): always when a visitor asks for a person, a call, a
 * meeting or a quote. One table, read top to bottom; the first intent whose
 * pattern matches the visitor's message wins. Patterns are phrases, not single
 * words, so "Do you work in person?" or "What do you call a brand audit?" do
 * not count (./handoff.test.ts lists both kinds).
 */

/** What a visitor may ask the team for: the reasons to offer a hand-off (content/chat.ts) but "unanswered". */
export type HandoffIntent = Exclude<HandoffReason, "unanswered">;

export const HANDOFF_INTENTS: readonly { intent: HandoffIntent; patterns: readonly RegExp[] }[] = [
  {
    // "Can I speak to a human?", "I'd like to talk to someone", "connect me with an agent", "please get back to me"
    intent: "person",
    patterns: [
      /\b(?:human(?! resources| rights)|real person|live person|actual person|agent|representative|operator)\b/,
      /\b(?:speak|talk|chat|get in touch|connect me|put me through) (?:directly )?(?:to|with) (?:(?:a|an|the|one of|your|a member of) )*(?:someone|somebody|person|people|staff|team|consultant|expert|manager|owner|founder)/,
      /\b(?:someone|somebody) (?:from|on|in|at) (?:your|the) (?:team|agency|office|company)\b/,
      /\b(?:contact|email|e-mail|reach|get back to) me\b/,
    ],
  },
  {
    // "Can you call me?", "phone me tomorrow", "I'd like a call back", "book a discovery call"
    intent: "call",
    patterns: [
      /\b(?:call|phone|ring|whatsapp) (?:me|us|you)\b/,
      /\b(?:give|get) (?:me|us) a (?:call|ring)\b/,
      /\bcall ?back\b/,
      /\b(?:book|schedule|arrange|set up|request|want|like|have) (?:a |an |the )?(?:quick |short |free |discovery |phone |video |zoom )*call\b/,
      /\b(?:discovery|phone|video|zoom) call\b/,
    ],
  },
  {
    // "Can we meet next week?", "book an appointment", "I'd like a free consultation"
    intent: "meeting",
    patterns: [
      /\b(?:meeting|meet up|appointment)\b/,
      /\b(?:can|could|shall|should) (?:we|i) meet\b/,
      /\bmeet (?:with )?(?:you|your team|someone|in person)\b/,
      /\b(?:book|schedule|arrange|request|want|like|have|get) (?:a |an )?(?:free )?consultation\b/,
    ],
  },
  {
    // "Can I get a quote?", "send me a proposal", "pricing for my project", "how much would it cost us?"
    intent: "quote",
    patterns: [
      /\b(?:quote|quotes|quotation|quotations|proposal|price list)\b/,
      /\b(?:a|an|rough|cost|price) estimate\b/,
      /\b(?:price|prices|pricing|cost|costs|budget|fee|fees)\b.*\bfor (?:my|our) (?:project|business|company|brand|website|shop|store|hotel|restaurant|campaign|startup)\b/,
      /\bhow much (?:would|will|could) (?:it|that|this|you) (?:cost|charge) (?:me|us)\b/,
      /\b(?:hire|work with) you\b/,
    ],
  },
];

/** The hand-off the visitor asks for in `message`, if any. */
export function handoffIntent(message: string): HandoffIntent | undefined {
  const text = message.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, " ");
  return HANDOFF_INTENTS.find(({ patterns }) => patterns.some((pattern) => pattern.test(text)))?.intent;
}

/**
 * The no-model chat's answer to a hand-off request the site's pages say
 * nothing about ("Can I speak to a human?"): it says yes, and the panel shows
 * the offer under it.
 */
export const HANDOFF_REPLY =
  "Of course. Our team would be glad to help you personally: leave your name and email below, and we will get back to you within 24 hours.";
