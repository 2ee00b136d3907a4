import { BLOCK_TYPES, LANDING_BLOCKS_MAX, type BlockType } from "#content/landing-pages.ts";
import type { LandingBlock, LandingPage } from "#content/landing-page-schema.ts";

/**
 * The Pages tab's edits of a page's blocks (issue 42), pure so they are tested apart from the
 * editor: new blocks and list items, moves, the stable `placementId` each carries (what the drag
 * and React key on, so a card keeps its state as it moves), and variant B. The draft is never
 * changed in place.
 */

export type BlockOf<K extends BlockType> = Extract<LandingBlock, { type: K }>;

/** The blocks whose content is a list of items, and what an item of each starts as. */
const NEW_ITEMS = {
  features: () => ({ title: "", text: "" }),
  stats: () => ({ value: "", label: "" }),
  faq: () => ({ question: "", answer: "" }),
} as const;
export type ListBlockType = keyof typeof NEW_ITEMS;
export type ItemOf<K extends ListBlockType> = BlockOf<K>["items"][number];

export const hasItems = (block: LandingBlock): block is BlockOf<ListBlockType> => Object.hasOwn(NEW_ITEMS, block.type);

/** What each type of block starts as: its texts empty, a list with one item, a call to action with its button. */
const NEW_BLOCKS: { [K in BlockType]: () => Omit<BlockOf<K>, "type" | "placementId"> } = {
  hero: () => ({ heading: "", text: "" }),
  text: () => ({ content: "" }),
  features: () => ({ items: [{ ...NEW_ITEMS.features(), placementId: 0 }] }),
  services: () => ({}),
  quote: () => ({ text: "", name: "" }),
  logos: () => ({}),
  stats: () => ({ items: [{ ...NEW_ITEMS.stats(), placementId: 0 }] }),
  image: () => ({ image: "", alt: "" }),
  faq: () => ({ items: [{ ...NEW_ITEMS.faq(), placementId: 0 }] }),
  cta: () => ({ heading: "", text: "", button: { label: "", href: "/contact" } }),
  contact: () => ({}),
};

/** The block types in the order "Add a block" offers them, with their admin names. */
export const blockChoices = (Object.keys(BLOCK_TYPES) as BlockType[]).map((type) => ({
  type,
  name: BLOCK_TYPES[type],
}));

type Placed = { placementId?: number | undefined };

/** A placementId nothing in `list` has: one more than the largest (0 for an empty list). */
export const nextPlacementId = (list: readonly Placed[]) =>
  list.reduce((most, item) => Math.max(most, (item.placementId ?? -1) + 1), 0);

/** A new block of `type`, its placementId free in `blocks`. */
export function newBlock(type: BlockType, blocks: readonly LandingBlock[]): LandingBlock {
  return { type, placementId: nextPlacementId(blocks), ...NEW_BLOCKS[type]() } as LandingBlock;
}

/** A new item of a list block, its placementId free in `items`. */
export function newItem<K extends ListBlockType>(type: K, items: readonly Placed[]): ItemOf<K> {
  return { ...NEW_ITEMS[type](), placementId: nextPlacementId(items) } as ItemOf<K>;
}

/**
 * `list` with a placementId on each entry, and on each item of a block's list: those without one
 * (or sharing one, from a copy) get a free one; the others keep theirs, so an unchanged list is returned as it is.
 */
export function withPlacementIds<T extends Placed>(list: readonly T[]): (T & { placementId: number })[] {
  const seen = new Set<number>();
  let next = nextPlacementId(list);
  let changed = false;
  const placed = list.map((entry) => {
    let item = entry;
    if (typeof item === "object" && item !== null && "items" in item && Array.isArray(item.items)) {
      const items = withPlacementIds(item.items as Placed[]);
      if (items !== item.items) item = { ...item, items };
    }
    const id = item.placementId;
    if (id === undefined || seen.has(id)) {
      changed = true;
      seen.add(next);
      return { ...item, placementId: next++ };
    }
    seen.add(id);
    if (item !== entry) changed = true;
    return item;
  });
  return (changed ? placed : list) as (T & { placementId: number })[];
}

/** `list` with the entry at `from` moved to `to` (clamped to the list); placementIds stay with their entries. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (!Number.isInteger(from) || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(Math.min(Math.max(Math.trunc(to), 0), next.length), 0, moved as T);
  return next;
}

/** `list` with `item` put back at `index` (a removed block's "Undo"), clamped to the list. */
export const insertAt = <T>(list: readonly T[], index: number, item: T): T[] =>
  list.toSpliced(Math.min(Math.max(index, 0), list.length), 0, item);

/** Whether another block fits (the schema's most per page or variant). */
export const canAddBlock = (blocks: readonly LandingBlock[]) => blocks.length < LANDING_BLOCKS_MAX;

/** How a block is named on its card and in announcements: its type's name, and its first words where it has any. */
export function blockName(block: LandingBlock): string {
  const name = BLOCK_TYPES[block.type];
  const words = blockWords(block).trim();
  return words ? `${name}: ${words.length > 60 ? `${words.slice(0, 57)}…` : words}` : name;
}

/** The words that name a block of each type on its card (none: the type's name alone). */
const WORDS: { [K in BlockType]: (block: BlockOf<K>) => string | undefined } = {
  hero: (block) => block.heading,
  text: (block) => block.content.replace(/[#*_>`-]/g, " ").replace(/\s+/g, " "),
  features: (block) => block.items[0]?.title,
  services: () => undefined,
  quote: (block) => block.text,
  logos: () => undefined,
  stats: (block) => block.items[0]?.label,
  image: (block) => block.alt,
  faq: (block) => block.items[0]?.question,
  cta: (block) => block.heading,
  contact: () => undefined,
};

const blockWords = <K extends BlockType>(block: BlockOf<K>): string =>
  (WORDS[block.type as K] as (block: BlockOf<K>) => string | undefined)(block) ?? "";

// Variant B (issue 42 item 3)

/** The page's variant B's blocks, or undefined when it has none. */
export const variantB = (page: Pick<LandingPage, "variants">) => page.variants[0]?.blocks;

/** The page with a variant B that starts as a copy of its blocks (A). */
export const addVariantB = (page: LandingPage): LandingPage => ({
  ...page,
  variants: [{ name: "B", blocks: structuredClone(page.blocks) }],
});

export const removeVariantB = (page: LandingPage): LandingPage => ({ ...page, variants: [] });

/** The page with B's blocks as its own and no variant left ("Use B"). */
export function adoptVariantB(page: LandingPage): LandingPage {
  const blocks = variantB(page);
  return blocks ? { ...page, blocks, variants: [] } : page;
}

/** Where a list of blocks is in the page: A's at `blocks`, B's at `variants.0.blocks` (errors and texts are keyed so). */
export type BlocksPath = "blocks" | "variants.0.blocks";

/** The page with the list of blocks at `path` replaced. */
export function withBlocks(page: LandingPage, path: BlocksPath, blocks: LandingBlock[]): LandingPage {
  if (path === "blocks") return { ...page, blocks };
  return { ...page, variants: [{ name: "B", blocks }] };
}

export const blocksAt = (page: LandingPage, path: BlocksPath): LandingBlock[] =>
  path === "blocks" ? page.blocks : (variantB(page) ?? []);
