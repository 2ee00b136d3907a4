import { SiteImage } from "../site-image.tsx";
import { langOf } from "../text-lang.ts";
import type { BlockProps } from "./types.ts";

/** One wide image, at its own size (no shift when it arrives); fetched first when it opens the page. */
export function ImageBlock({ block, english, first }: BlockProps<"image">) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <SiteImage
        src={block.image}
        alt=""
        ownAlt={{ text: block.alt, lang: langOf(english, "alt") }}
        width={1200}
        height={675}
        sizes="(min-width: 1024px) 976px, calc(100vw - 2rem)"
        priority={first}
        className="h-auto w-full rounded-3xl object-cover ring-1 ring-white/10"
      />
    </section>
  );
}
