import { later as laterFrom } from "#app/lib/later.ts";
import { HeroBlock } from "./hero.tsx";
import { ImageBlock } from "./image.tsx";
import type { BlockComponents } from "./types.ts";

/**
 * The blocks other than those that open a page (its largest paint) come after the page's own code
 * (./later-blocks.ts): with them, a team page's own code was over the site's 15 KiB (design.md,
 * Budgets). LandingPageView wraps each block in its own Suspense boundary.
 */
const later = laterFrom(() => import("./later-blocks.ts"));

/**
 * Loads the later blocks' code now (a client-side navigation to a team page draws them once it is
 * there, app/routes/site/landing.tsx); then, for blocks that have a contact block, its form's.
 */
export const loadLaterBlocks = () => later.load();

/**
 * How each block type of a team page is drawn (content/landing-page-schema.ts): a new type is a
 * line here.
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
