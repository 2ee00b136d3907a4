/**
 * The blocks whose code a team page's browser fetches after the page's own (./registry.ts): one
 * chunk, with the cards, the logo strip and the markup they share with other pages.
 */
export { ContactBlock, loadContactForm } from "./contact.tsx";
export { CtaBlock } from "./cta.tsx";
export { FaqBlock } from "./faq.tsx";
export { FeaturesBlock } from "./features.tsx";
export { LogosBlock } from "./logos.tsx";
export { QuoteBlock } from "./quote.tsx";
export { ServicesBlock } from "./services.tsx";
export { StatsBlock } from "./stats.tsx";
export { TextBlock } from "./text.tsx";
