import type { ComponentType } from "react";
import type { Block as MarkupBlock } from "#content/markup.ts";
import type { BlockType, VariantName } from "#content/landing-pages.ts";
import type { LandingBlock } from "#content/landing-page-schema.ts";
import type { HomepageLogo } from "#content/rules.ts";
import type { ServicesContent } from "#content/schemas.ts";

/**
 * A team page's block as the page draws it (the loader's, app/routes/site/landing.server.ts): as
 * stored, but a text block's markup comes parsed (content/markup.ts), so the parser stays on the
 * server as for posts, and buttons' addresses come in the page's language.
 */
export type ShownBlock =
  | Exclude<LandingBlock, { type: "text" }>
  | (Omit<Extract<LandingBlock, { type: "text" }>, "content"> & { body: MarkupBlock[] });

export type ShownBlockOf<T extends BlockType> = Extract<ShownBlock, { type: T }>;

/** The Services document's cards, in placement order, with their texts shown in English (`services.0.title`). */
export interface ShownServices {
  items: ServicesContent["services"];
  english: string[];
}

/**
 * What blocks draw from elsewhere than their own fields, loaded only when one of the page's blocks
 * shows it: the services block the Services cards, the logos block the partners' logos.
 */
export interface BlockSources {
  services?: ShownServices | undefined;
  logos?: HomepageLogo[] | undefined;
  /** The page's own address (with its language's prefix) and the variant shown: the contact block's message is counted there. */
  sentFrom?: { page: string; variant?: VariantName | undefined } | undefined;
}

export interface BlockProps<T extends BlockType> {
  block: ShownBlockOf<T>;
  /** Its texts shown in English on a page in another language, by path inside the block (`heading`, `items.0.title`). */
  english: readonly string[];
  /** The page's first block: a hero there carries the page's one h1, an image is fetched first. */
  first: boolean;
  sources: BlockSources;
}

/** One component per block type: the page's renderer looks it up, no switch. */
export type BlockComponents = { [T in BlockType]: ComponentType<BlockProps<T>> };
