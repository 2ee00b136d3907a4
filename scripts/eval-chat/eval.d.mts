export type Fact = string | string[];
export interface Question {
  q: string;
  facts: Fact[];
}
export declare function loadQuestions(): Question[];
export declare function shapeProblems(questions: unknown): string[];
export declare function missingFacts(answer: string, facts: Fact[]): Fact[];
export interface Answer {
  text: string;
  sources: { title: string; url: string }[];
  error?: string;
}
export declare function ask(url: string, question: string, address: string): Promise<Answer>;
export interface Miss {
  q: string;
  missing: Fact[];
  answer: string;
}
export declare function evaluate(
  url: string,
  questions: Question[],
): Promise<{ right: number; total: number; misses: Miss[] }>;
