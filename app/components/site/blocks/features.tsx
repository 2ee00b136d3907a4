import { FeatureCards } from "../feature-cards.tsx";
import { langOf } from "../text-lang.ts";
import type { BlockProps } from "./types.ts";

/** Cards with a title, a text and an image each, as the home page's offers. */
export function FeaturesBlock({ block, english }: BlockProps<"features">) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
      <FeatureCards
        items={block.items}
        langOf={(index, field) => langOf(english, `items.${index}.${field}`)}
        headingLevel={2}
      />
    </section>
  );
}
