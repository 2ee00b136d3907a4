import type { VariantName } from "./landing-pages.ts";

/**
 * Which variant of a team page a visitor sees (issue 42 item 3): a stable hash of the visitor's
 * daily key (Insights' salted hash of address and user agent, server/insights/recorder.ts) and the
 * page's id, so one visitor sees one variant of a page all day, without a cookie, and different
 * pages split the same visitors independently. About half the visitors get each.
 */
export function variantFor(visitorKey: string, pageId: string): VariantName {
  return (hash32(`${visitorKey}\u0000${pageId}`) & 1) === 0 ? "A" : "B";
}

/** The variant a page shows a visitor: A for a page without a variant B. */
export function shownVariant(
  page: { variants: readonly { name: "B" }[] },
  visitorKey: string,
  pageId: string,
): VariantName {
  return page.variants.length > 0 ? variantFor(visitorKey, pageId) : "A";
}

/**
 * FNV-1a over the UTF-16 code units, then MurmurHash3's finaliser, whose avalanche gives every
 * output bit (the lowest, which picks the variant, included) an even chance whatever the input.
 */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
