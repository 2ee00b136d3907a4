import { lazy } from "react";
import { HeroBlock } from "./hero.tsx";
import { ImageBlock } from "./image.tsx";
import type { BlockComponents } from "./types.ts";

type LaterBlocks = typeof import("./later-blocks.ts");

/**
 * A block drawn by the server as any other, whose code the browser fetches after the page's own
 * (./later-blocks.ts, one request for all of them): React keeps the server's HTML in place until it
 * arrives and then takes the block over, so nothing moves. Only the blocks that open a page (its
 * largest paint) come with the page's code; the others would put a team page's own code over the
 * site's 15 KiB (design.md, Budgets).
 */
const later = <K extends keyof LaterBlocks>(name: K) =>
  lazy(() => import("./later-blocks.ts").then((blocks) => ({ default: blocks[name] })));

/**
 * How each block type of a team page is drawn (content/landing-page-schema.ts): a new type is a
 * line here. LandingPageView wraps each in its own Suspense boundary.
 */
export const blockComponents: BlockComponents = {
  hero: HeroBlock,
  image: ImageBlock,
  text: later("TextBlock"),
  features: later("FeaturesBlock"),
  services: later("ServicesBlock"),
  quote: later("QuoteBlock"),
  logos: later("LogosBlock"),
  stats: later("StatsBlock"),
  faq: later("FaqBlock"),
  cta: later("CtaBlock"),
  contact: later("ContactBlock"),
};
