import { describe, expect, it } from "vitest";
import { BLOCK_TYPES, LANDING_BLOCKS_MAX } from "#content/landing-pages.ts";
import { landingBlockSchema, landingPageSchema, type LandingPage } from "#content/landing-page-schema.ts";
import {
  addVariantB,
  adoptVariantB,
  blockChoices,
  blockName,
  blocksAt,
  canAddBlock,
  insertAt,
  moveItem,
  newBlock,
  newItem,
  nextPlacementId,
  removeVariantB,
  variantB,
  withBlocks,
  withPlacementIds,
} from "./page-blocks.ts";

const page = (blocks: LandingPage["blocks"]): LandingPage => ({
  path: "/offers/colombo-smes",
  title: "Colombo SMEs",
  description: "",
  image: "",
  noindex: false,
  status: "draft",
  blocks,
  variants: [],
});

describe("adding blocks", () => {
  it("offers every block type, in the registry's order, by its admin name", () => {
    expect(blockChoices.map((choice) => choice.name)).toEqual(Object.values(BLOCK_TYPES));
    expect(blockChoices[0]).toEqual({ type: "hero", name: "Hero" });
  });

  it("starts each type in the schema's shape, with a placementId no other block has", () => {
    const blocks = [newBlock("hero", [])];
    for (const { type } of blockChoices.slice(1)) blocks.push(newBlock(type, blocks));
    expect(blocks.map((block) => block.placementId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The shape is right: what the schema says is only the texts left to write.
    for (const block of blocks) {
      const result = landingBlockSchema.safeParse(block);
      const problems = result.success ? [] : result.error.issues.map((issue) => issue.code);
      expect(
        problems.every((code) => code === "too_small" || code === "custom"),
        block.type,
      ).toBe(true);
    }
    expect(landingBlockSchema.safeParse(newBlock("services", [])).success).toBe(true);
    expect(landingBlockSchema.safeParse(newBlock("contact", [])).success).toBe(true);
    expect(newBlock("faq", [])).toEqual({
      type: "faq",
      placementId: 0,
      items: [{ question: "", answer: "", placementId: 0 }],
    });
  });

  it("gives a new list item a free placementId", () => {
    expect(newItem("stats", [{ placementId: 0 }, { placementId: 4 }])).toEqual({
      value: "",
      label: "",
      placementId: 5,
    });
    expect(nextPlacementId([])).toBe(0);
  });

  it("stops at the most blocks a page may hold", () => {
    const full = Array.from({ length: LANDING_BLOCKS_MAX }, (_, i) => ({ ...newBlock("contact", []), placementId: i }));
    expect(canAddBlock(full)).toBe(false);
    expect(canAddBlock(full.slice(1))).toBe(true);
  });
});

describe("moving and removing", () => {
  const [a, b, c] = [
    newBlock("hero", []),
    { ...newBlock("faq", []), placementId: 1 },
    { ...newBlock("contact", []), placementId: 2 },
  ];

  it("moves a block, each keeping its placementId (the drag's and the card's key)", () => {
    expect(moveItem([a, b, c], 0, 2)).toEqual([b, c, a]);
    expect(moveItem([a, b, c], 2, 0)).toEqual([c, a, b]);
    expect(moveItem([a, b, c], 1, 99)).toEqual([a, c, b]);
    expect(moveItem([a, b, c], 5, 0)).toEqual([a, b, c]);
  });

  it("puts a removed block back where it was (Undo)", () => {
    expect(insertAt([a, c], 1, b)).toEqual([a, b, c]);
    expect(insertAt([a, b], 9, c)).toEqual([a, b, c]);
  });

  it("gives blocks and items read without placementIds (or copied with the same one) ids of their own", () => {
    const read = [
      { type: "hero" as const, heading: "A", text: "" },
      {
        type: "faq" as const,
        placementId: 3,
        items: [
          { question: "Q", answer: "A" },
          { question: "Q2", answer: "A2" },
        ],
      },
      { type: "contact" as const, placementId: 3 },
    ];
    const placed = withPlacementIds(read);
    expect(placed.map((block) => block.placementId)).toEqual([4, 3, 5]);
    expect((placed[1] as { items: { placementId?: number }[] }).items.map((item) => item.placementId)).toEqual([0, 1]);
    // Already placed: the very same list, so a draft is not changed by looking at it.
    expect(withPlacementIds(placed)).toBe(placed);
  });
});

describe("variant B", () => {
  const hero = { ...newBlock("hero", []), heading: "Grow in Colombo" } as LandingPage["blocks"][number];
  const cta = {
    ...newBlock("cta", [hero]),
    heading: "Talk to us",
    button: { label: "Book a call", href: "/contact" },
  } as LandingPage["blocks"][number];

  it("starts as a copy of A's blocks, edited apart from them", () => {
    const withB = addVariantB(page([hero, cta]));
    expect(variantB(withB)).toEqual([hero, cta]);
    expect(variantB(withB)![0]).not.toBe(hero);
    const edited = withBlocks(withB, "variants.0.blocks", [cta]);
    expect(blocksAt(edited, "blocks")).toEqual([hero, cta]);
    expect(blocksAt(edited, "variants.0.blocks")).toEqual([cta]);
    expect(landingPageSchema.shape.variants.safeParse(edited.variants).success).toBe(true);
  });

  it("is removed, or made the page's blocks with no variant left (Use B)", () => {
    const withB = withBlocks(addVariantB(page([hero, cta])), "variants.0.blocks", [cta]);
    expect(removeVariantB(withB)).toEqual(page([hero, cta]));
    expect(adoptVariantB(withB)).toEqual(page([cta]));
    expect(adoptVariantB(page([hero]))).toEqual(page([hero]));
    expect(blocksAt(page([hero]), "variants.0.blocks")).toEqual([]);
  });
});

describe("block names", () => {
  it("say the type and the first words", () => {
    expect(blockName({ type: "hero", heading: "Grow in Colombo", text: "" })).toBe("Hero: Grow in Colombo");
    expect(blockName({ type: "contact" })).toBe("Contact form");
    expect(blockName({ type: "faq", items: [{ question: "How much?", answer: "A" }] })).toBe("FAQ: How much?");
    expect(blockName({ type: "text", content: "## Why us\n\n**Fast**" })).toBe("Text: Why us Fast");
    expect(blockName({ type: "cta", heading: "x".repeat(80), button: { label: "Go", href: "/" } })).toHaveLength(
      "Call to action: ".length + 58,
    );
  });
});
