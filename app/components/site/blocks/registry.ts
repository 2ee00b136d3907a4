import { ContactBlock } from "./contact.tsx";
import { CtaBlock } from "./cta.tsx";
import { FaqBlock } from "./faq.tsx";
import { FeaturesBlock } from "./features.tsx";
import { HeroBlock } from "./hero.tsx";
import { ImageBlock } from "./image.tsx";
import { LogosBlock } from "./logos.tsx";
import { QuoteBlock } from "./quote.tsx";
import { ServicesBlock } from "./services.tsx";
import { StatsBlock } from "./stats.tsx";
import { TextBlock } from "./text.tsx";
import type { BlockComponents } from "./types.ts";

/** How each block type of a team page is drawn (content/landing-page-schema.ts): a new type is a line here. */
export const blockComponents: BlockComponents = {
  hero: HeroBlock,
  text: TextBlock,
  features: FeaturesBlock,
  services: ServicesBlock,
  quote: QuoteBlock,
  logos: LogosBlock,
  stats: StatsBlock,
  image: ImageBlock,
  faq: FaqBlock,
  cta: CtaBlock,
  contact: ContactBlock,
};
