/** A browser's User-Agent numbered `i`: Insights counts such a visitor. */
export declare function visitorAgent(i: number): string;

/**
 * A User-Agent for each variant: `variantOf(userAgent)` asked with visitorAgent 0, 1, 2 … until one
 * got A and one got B; throws after `tries` without both.
 */
export declare function findVisitors(
  variantOf: (userAgent: string) => Promise<string | undefined>,
  tries?: number,
): Promise<{ A: string; B: string }>;

/** The team pages' part of npm run bench: its results for reports/bench.json. */
export declare function teamPages(): Promise<Record<string, unknown>>;

/** Prints the part's lines beside the bench's budgets. */
export declare function printPages(
  results: Record<string, unknown>,
  budgets: { renderMedianMs: number; oursVsNginxPerCpu: number; localeVsEnglish: number },
): void;
