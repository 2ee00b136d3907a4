import { langOf } from "../text-lang.ts";
import { BlockButton } from "./block-button.tsx";
import type { BlockProps } from "./types.ts";

/** The home page's closing band: a heading, a line and the button. */
export function CtaBlock({ block, english }: BlockProps<"cta">) {
  return (
    <section className="px-4 py-10 sm:px-6 sm:py-16">
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-brand-600/40 to-brand-900/40 px-6 py-14 text-center ring-1 ring-white/15 sm:px-12">
        <h2 lang={langOf(english, "heading")} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {block.heading}
        </h2>
        {block.text ? (
          <p
            lang={langOf(english, "text")}
            className="mx-auto mt-4 max-w-2xl text-lg leading-8 whitespace-pre-line text-slate-200"
          >
            {block.text}
          </p>
        ) : null}
        <div className="mt-8">
          <BlockButton label={block.button.label} href={block.button.href} lang={langOf(english, "button.label")} />
        </div>
      </div>
    </section>
  );
}
