/**
 * The chat's suggested questions (AI settings `suggestedQuestions`): at most
 * this many, each this long. Apart from ./constants.ts, so the public pages'
 * shared constants stay small (only the admin and the server read these).
 */
export const SUGGESTED_QUESTIONS_MAX = 4;
export const SUGGESTED_QUESTION_MAX = 120;

/** What a visitor is offered to ask before typing: each answered by the default content. */
export const DEFAULT_SUGGESTED_QUESTIONS: readonly string[] = [
  "What services do you offer?",
  "How much does it cost to work with you?",
  "How does a project with you start?",
  "Where is your office?",
];
