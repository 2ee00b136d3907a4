import { langOf } from "../text-lang.ts";
import type { BlockProps } from "./types.ts";

/** A client's words, who said them and their role. */
export function QuoteBlock({ block, english }: BlockProps<"quote">) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-16">
      <figure className="rounded-3xl bg-gradient-to-br from-brand-600/30 to-white/5 px-6 py-10 text-center ring-1 ring-white/15 sm:px-12">
        <blockquote
          lang={langOf(english, "text")}
          className="text-xl leading-9 font-medium text-pretty whitespace-pre-line text-white sm:text-2xl sm:leading-10"
        >
          <p>
            <span aria-hidden="true">“</span>
            {block.text}
            <span aria-hidden="true">”</span>
          </p>
        </blockquote>
        {/* Name and role side by side where they fit, one above the other on a phone. */}
        <figcaption className="mt-6 flex flex-col items-center gap-1 sm:flex-row sm:justify-center sm:gap-2">
          <span className="font-semibold text-white">{block.name}</span>
          {block.role ? (
            <>
              <span aria-hidden="true" className="hidden text-slate-400 sm:inline">
                ·
              </span>
              <span lang={langOf(english, "role")} className="text-brand-300">
                {block.role}
              </span>
            </>
          ) : null}
        </figcaption>
      </figure>
    </section>
  );
}
