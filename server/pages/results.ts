import type { VariantName } from "#content/landing-pages.ts";
import type { LandingPageResults } from "#content/landing-page-api.ts";

/**
 * How likely variant B's lead rate beats A's (issue 42 item 3). Each rate's belief after its views
 * and leads is a Beta(1 + leads, 1 + views − leads) posterior (a uniform prior); P(p_B > p_A) has a
 * closed form, a sum over B's leads (Evan Miller, "Formulas for Bayesian A/B Testing"):
 *
 *   Σ_{i=0}^{α_B−1} B(α_A + i, β_A + β_B) / ((β_B + i) · B(1 + i, β_B) · B(α_A, β_A))
 *
 * summed in logarithms so thousands of views stay exact to the last digits shown.
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms: about 15 significant digits). */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

export interface Counts {
  views: number;
  leads: number;
}

/** A variant's posterior parameters; leads beyond the views (counted apart) count as views. */
function posterior({ views, leads }: Counts): { alpha: number; beta: number } {
  const v = Math.max(0, Math.floor(views));
  const l = Math.min(Math.max(0, Math.floor(leads)), v);
  return { alpha: 1 + l, beta: 1 + v - l };
}

/** P(B's lead rate > A's) under Beta(1 + leads, 1 + views − leads) posteriors. */
export function probabilityBBeatsA(a: Counts, b: Counts): number {
  const A = posterior(a);
  const B = posterior(b);
  const constant = logBeta(A.alpha, A.beta);
  let total = 0;
  for (let i = 0; i < B.alpha; i++) {
    total += Math.exp(logBeta(A.alpha + i, A.beta + B.beta) - Math.log(B.beta + i) - logBeta(1 + i, B.beta) - constant);
  }
  return Math.min(1, Math.max(0, total));
}

/**
 * A page's results over `days` days: each of its variants' views and leads (A always; B when the page
 * has one), and how likely B beats A (null without a B).
 */
export function pageResults(
  days: number,
  hasVariant: boolean,
  counted: readonly { name: string; views: number; leads: number }[],
): LandingPageResults {
  const names: VariantName[] = hasVariant ? ["A", "B"] : ["A"];
  const variants = names.map((name) => {
    const found = counted.find((variant) => variant.name === name);
    return { name, views: found?.views ?? 0, leads: found?.leads ?? 0 };
  });
  const [a, b] = variants;
  return { days, variants, probabilityBBeatsA: b ? probabilityBBeatsA(a!, b) : null };
}
