import { Suspense, type ComponentType } from "react";
import type { VariantName } from "#content/landing-pages.ts";
import { VARIANT_ATTRIBUTE } from "#content/landing-path.ts";
import type { PageImages } from "#content/page-images.ts";
import { PageImagesProvider } from "../site-image.tsx";
import { langOf } from "../text-lang.ts";
import { blockComponents } from "./registry.ts";
import type { BlockProps, BlockSources, ShownBlock } from "./types.ts";

export interface LandingPageViewProps {
  title: string;
  /** The blocks of the variant shown. */
  blocks: readonly ShownBlock[];
  /** The page's texts shown in English on a page in another language: `title`, `blocks.2.heading`. */
  english: readonly string[];
  sources: BlockSources;
  images: PageImages;
  /** The variant shown, on a page with a variant B (the chat's lead form reads it off the page). */
  variant?: VariantName | undefined;
}

/** The paths in `english` below `prefix`, without it: `blocks.2.items.0.title` → `items.0.title` for `blocks.2.`. */
const below = (english: readonly string[], prefix: string) =>
  english.filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length));

/**
 * A team page (issue 42): its blocks one after another, each drawn by its type's component
 * (./registry.ts). The page has one h1: the hero's heading when a hero opens the page, else the
 * page's title above the blocks.
 */
export function LandingPageView({ title, blocks, english, sources, images, variant }: LandingPageViewProps) {
  const heroFirst = blocks[0]?.type === "hero";
  return (
    <PageImagesProvider images={images}>
      <div {...(variant && { [VARIANT_ATTRIBUTE]: variant })} className="contents">
        {heroFirst ? null : (
          <header className="mx-auto max-w-3xl px-4 pt-20 text-center sm:px-6 sm:pt-24">
            <h1 lang={langOf(english, "title")} className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              {title}
            </h1>
          </header>
        )}
        {blocks.map((block, index) => {
          const Block = blockComponents[block.type] as ComponentType<BlockProps<typeof block.type>>;
          // Its own boundary: a block whose code comes later (./registry.ts) keeps the server's HTML meanwhile.
          return (
            <Suspense key={block.placementId ?? `${block.type}-${index}`} fallback={null}>
              <Block block={block} english={below(english, `blocks.${index}.`)} first={index === 0} sources={sources} />
            </Suspense>
          );
        })}
      </div>
    </PageImagesProvider>
  );
}
