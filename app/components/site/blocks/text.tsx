import { Markup } from "../markup.tsx";
import type { BlockProps } from "./types.ts";

/** Text in the site's markup (headings, paragraphs, lists, bold and italic), as a post's body is drawn. */
export function TextBlock({ block, english }: BlockProps<"text">) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Markup blocks={block.body} lang={english.includes("content") ? "en" : undefined} className="text-lg" />
    </section>
  );
}
