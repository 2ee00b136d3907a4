import { describe, expect, it } from "vitest";
import { logGamma, pageResults, probabilityBBeatsA } from "./results.ts";

/** P(B > A) by a plain double sum over a grid of the two Beta densities: the closed form's check. */
function byGrid(a: { views: number; leads: number }, b: { views: number; leads: number }, steps = 20_000): number {
  const density = ({ views, leads }: { views: number; leads: number }) => {
    const [alpha, beta] = [1 + leads, 1 + views - leads];
    const norm = logGamma(alpha + beta) - logGamma(alpha) - logGamma(beta);
    return (x: number) => Math.exp(norm + (alpha - 1) * Math.log(x) + (beta - 1) * Math.log(1 - x));
  };
  const [fa, fb] = [density(a), density(b)];
  const h = 1 / steps;
  let below = 0;
  let total = 0;
  for (let i = 0; i < steps; i++) {
    const x = (i + 0.5) * h;
    total += fb(x) * below * h;
    below += fa(x) * h;
  }
  return (
    total + 0.5 * [...Array(steps).keys()].reduce((sum, i) => sum + fa((i + 0.5) * h) * fb((i + 0.5) * h) * h * h, 0)
  );
}

describe("the probability that B beats A", () => {
  it("is a half for the same counts, and the two orders add up to one", () => {
    expect(probabilityBBeatsA({ views: 0, leads: 0 }, { views: 0, leads: 0 })).toBeCloseTo(0.5, 12);
    expect(probabilityBBeatsA({ views: 500, leads: 40 }, { views: 500, leads: 40 })).toBeCloseTo(0.5, 9);
    const ab = probabilityBBeatsA({ views: 120, leads: 9 }, { views: 130, leads: 15 });
    const ba = probabilityBBeatsA({ views: 130, leads: 15 }, { views: 120, leads: 9 });
    expect(ab + ba).toBeCloseTo(1, 9);
  });

  it("matches the exact value of a small case and a numeric integration of larger ones", () => {
    // Beta(1,2) against Beta(2,1): ∫∫_{y<x} 2x · 2(1−y) = 5/6.
    expect(probabilityBBeatsA({ views: 1, leads: 0 }, { views: 1, leads: 1 })).toBeCloseTo(5 / 6, 12);
    for (const [a, b] of [
      [
        { views: 100, leads: 10 },
        { views: 100, leads: 20 },
      ],
      [
        { views: 1000, leads: 31 },
        { views: 980, leads: 25 },
      ],
    ] as const)
      expect(probabilityBBeatsA(a, b)).toBeCloseTo(byGrid(a, b), 4);
    expect(probabilityBBeatsA({ views: 100, leads: 10 }, { views: 100, leads: 20 })).toBeGreaterThan(0.95);
  });

  it("stays within [0, 1] for large counts and treats more leads than views as views", () => {
    const p = probabilityBBeatsA({ views: 200_000, leads: 9_000 }, { views: 200_000, leads: 9_400 });
    expect(p).toBeGreaterThan(0.99);
    expect(p).toBeLessThanOrEqual(1);
    expect(probabilityBBeatsA({ views: 3, leads: 9 }, { views: 3, leads: 3 })).toBeCloseTo(0.5, 12);
  });

  it("answers null without a variant B, and zeros for a variant nobody counted", () => {
    expect(pageResults(30, false, [{ name: "A", views: 10, leads: 1 }])).toEqual({
      days: 30,
      variants: [{ name: "A", views: 10, leads: 1 }],
      probabilityBBeatsA: null,
    });
    const both = pageResults(7, true, [{ name: "A", views: 10, leads: 1 }]);
    expect(both.variants).toEqual([
      { name: "A", views: 10, leads: 1 },
      { name: "B", views: 0, leads: 0 },
    ]);
    expect(both.probabilityBBeatsA).toBeGreaterThan(0);
  });
});
