import { expect, it } from "vitest";
import { variantFor } from "#content/landing-variant.ts";
import type { LiveEvent } from "#content/live-events.ts";
import { createVariantSplit } from "./variant-split.ts";

function setup(pages: Record<string, string | undefined>) {
  const asked: string[] = [];
  let listener: (event: LiveEvent) => void = () => undefined;
  const split = createVariantSplit({
    subscribe: (each) => {
      listener = each;
      return () => undefined;
    },
    pageWithVariant: async (address, locale) => {
      asked.push(`${locale} ${address}`);
      return pages[address];
    },
  });
  return { split, asked, publish: (event: LiveEvent) => listener(event) };
}

it("answers at once, with no lookup, for every page that is not a team page's address", () => {
  const { split, asked } = setup({});
  for (const page of ["/", "/about", "/si/services", "/blog/a-post", "/blog/page/2"])
    expect(split(page, async () => "key")).toBeUndefined();
  expect(asked).toEqual([]);
});

it("splits a team page with a variant B by the visitor's key and the page's id, in every language", async () => {
  const { split, asked } = setup({ "/offers": "page-1", "/plain": undefined });
  for (const key of ["k1", "k2", "k3", "k4", "k5", "k6"]) {
    expect(await split("/offers", async () => key)).toBe(variantFor(key, "page-1"));
    expect(await split("/si/offers", async () => key)).toBe(variantFor(key, "page-1"));
  }
  expect(await split("/plain", async () => "k1")).toBeUndefined();
  // Remembered: one lookup per page and language.
  expect(asked).toEqual(["en /offers", "si /offers", "en /plain"]);
});

it("looks again after a team page's save, and after a lookup that failed", async () => {
  let fail = true;
  const asked: string[] = [];
  let listener: (event: LiveEvent) => void = () => undefined;
  const split = createVariantSplit({
    subscribe: (each) => ((listener = each), () => undefined),
    pageWithVariant: async (address) => {
      asked.push(address);
      if (fail) throw new Error("database away");
      return "page-1";
    },
  });
  await expect(split("/offers", async () => "k")).rejects.toThrow("database away");
  fail = false;
  expect(await split("/offers", async () => "k")).toBe(variantFor("k", "page-1"));
  await split("/offers", async () => "k");
  listener({ type: "page", id: "page-1", path: "/offers", version: 2 });
  await split("/offers", async () => "k");
  expect(asked).toEqual(["/offers", "/offers", "/offers"]);
});
