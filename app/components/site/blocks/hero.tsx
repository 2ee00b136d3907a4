import { useMessages } from "#app/lib/i18n.ts";
import { langOf } from "../text-lang.ts";
import { BlockButton } from "./block-button.tsx";
import type { BlockProps } from "./types.ts";

/** The home page's hero: the tagline, a large heading (the page's h1 when it comes first), its text and button. */
export function HeroBlock({ block, english, first }: BlockProps<"hero">) {
  const { shell } = useMessages();
  const Heading = first ? "h1" : "h2";
  return (
    <section
      className={`mx-auto max-w-5xl px-4 text-center sm:px-6 ${first ? "pt-20 pb-12 sm:pt-28" : "py-10 sm:py-16"}`}
    >
      {first ? (
        <p className="inline-flex items-center gap-2 rounded-full bg-white/5 px-4 py-1.5 text-sm font-medium text-brand-100 ring-1 ring-white/10">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-rose-400" />
          {shell.tagline}
        </p>
      ) : null}
      <Heading
        lang={langOf(english, "heading")}
        className={`${first ? "mt-6" : ""} text-4xl font-bold tracking-tight text-balance sm:text-6xl`}
      >
        {block.heading}
      </Heading>
      {block.text ? (
        <p
          lang={langOf(english, "text")}
          className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty whitespace-pre-line text-slate-300"
        >
          {block.text}
        </p>
      ) : null}
      {block.button ? (
        <div className="mt-10">
          <BlockButton label={block.button.label} href={block.button.href} lang={langOf(english, "button.label")} />
        </div>
      ) : null}
    </section>
  );
}
