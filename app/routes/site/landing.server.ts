import type { ShownBlock } from "#app/components/site/blocks/types.ts";
import { pageLinkIn } from "#app/lib/i18n.server.ts";
import type { LandingBlock, LandingPage, VariantName } from "#content/landing-pages.ts";
import type { Locale } from "#content/locales.ts";
import { parseMarkup } from "#content/markup.ts";

/**
 * What a team page shows of `variant` (issue 42): that variant's blocks (B's own list, or the
 * page's), a text block's markup parsed on the server (the parser stays out of the browser, as for
 * posts), buttons to the site's pages in the page's language; and `english`, the texts shown in
 * English, with B's paths (`variants.0.blocks.1.heading`) moved to where the page draws them
 * (`blocks.1.heading`).
 */
export function shownBlocks(
  page: Pick<LandingPage, "blocks" | "variants">,
  english: readonly string[],
  variant: VariantName,
  locale: Locale,
): { blocks: ShownBlock[]; english: string[] } {
  const fromB = variant === "B" && page.variants.length > 0;
  const blocks = fromB ? page.variants[0]!.blocks : page.blocks;
  return {
    blocks: blocks.map((block) => shownBlock(block, locale)),
    english: english.flatMap((path) => {
      if (!path.startsWith("blocks.") && !path.startsWith("variants.")) return [path];
      if (!fromB) return path.startsWith("blocks.") ? [path] : [];
      return path.startsWith("variants.0.blocks.") ? [path.slice("variants.0.".length)] : [];
    }),
  };
}

function shownBlock(block: LandingBlock, locale: Locale): ShownBlock {
  switch (block.type) {
    case "text": {
      const { content, ...rest } = block;
      return { ...rest, body: parseMarkup(content) };
    }
    case "hero":
      return block.button
        ? { ...block, button: { ...block.button, href: pageLinkIn(block.button.href, locale) } }
        : block;
    case "cta":
      return { ...block, button: { ...block.button, href: pageLinkIn(block.button.href, locale) } };
    default:
      return block;
  }
}

/** What the blocks draw from elsewhere: only what they show is loaded. */
export function blockSourcesNeeded(blocks: readonly ShownBlock[]): { services: boolean; logos: boolean } {
  return {
    services: blocks.some((block) => block.type === "services"),
    logos: blocks.some((block) => block.type === "logos"),
  };
}

/** The image URLs the blocks hold (features' and image blocks'), for the page's responsive images. */
export function blockImages(blocks: readonly ShownBlock[]): string[] {
  return blocks.flatMap((block) =>
    block.type === "image"
      ? [block.image]
      : block.type === "features"
        ? block.items.flatMap((item) => (item.image ? [item.image] : []))
        : [],
  );
}
