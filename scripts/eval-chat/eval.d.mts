export type Fact = string | string[];
export interface Question {
  q: string;
  facts: Fact[];
}
export type QuestionLocale = "en" | "si" | "ta";
export declare const QUESTION_SETS: Record<QuestionLocale, { label: string; file: string; page: string }>;
export declare function loadQuestions(locale?: QuestionLocale): Question[];
export declare function shapeProblems(questions: unknown): string[];
export declare function missingFacts(answer: string, facts: Fact[]): Fact[];
export interface Answer {
  text: string;
  sources: { title: string; url: string }[];
  error?: string;
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
): Promise<{ right: number; total: number; misses: Miss[] }>;
