export type Fact = string | string[];
export type Question = { q: string; facts: Fact[]; unanswerable?: undefined } | { q: string; unanswerable: true };
export type QuestionLocale = "en" | "si" | "ta";
export declare const QUESTION_SETS: Record<
  QuestionLocale,
  {
    label: string;
    file: string;
    heldOut: string;
    heldOutFourth: string;
    dev: string;
    page: string;
  }
>;
export declare function loadQuestions(locale?: QuestionLocale): Question[];
export declare function loadDev(locale: QuestionLocale): Question[];
export declare function devRounds(locale: QuestionLocale): number[];
export declare function loadDevRound(locale: QuestionLocale, round: number): Question[];
export declare function loadHeldOut(locale: QuestionLocale, which?: "first" | "fourth"): Question[];
export declare function shapeProblems(questions: unknown): string[];
export declare function missingFacts(answer: string, facts: Fact[]): Fact[];
export interface Answer {
  text: string;
  sources: { title: string; url: string }[];
  error?: string;
  handoff?: string;
}
export declare function ask(url: string, question: string, address: string, page?: string): Promise<Answer>;
export interface Miss {
  q: string;
  missing: Fact[];
  answer: string;
}
export declare function evaluate(
  url: string,
  questions: Question[],
  options?: { page?: string; firstAddress?: number },
): Promise<{
  medianMs: number;
  right: number;
  total: number;
  answered: number;
  answerable: number;
  falseAnswers: number;
  unanswerable: number;
  misses: Miss[];
}>;
