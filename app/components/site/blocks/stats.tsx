import { langOf } from "../text-lang.ts";
import type { BlockProps } from "./types.ts";

/** Figures and what they count (120+ projects), large, in a row that wraps. */
export function StatsBlock({ block, english }: BlockProps<"stats">) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
      {/* Centred however many there are: two figures sit in the middle, not on the left of four columns. */}
      <dl className="flex flex-wrap justify-center gap-6">
        {block.items.map((item, index) => (
          <div
            key={`${item.placementId ?? item.value}-${index}`}
            className="flex w-full flex-col-reverse rounded-2xl bg-white/5 p-6 text-center ring-1 ring-white/10 min-[480px]:w-[calc(50%-0.75rem)] lg:w-[calc(25%-1.125rem)]"
          >
            <dt lang={langOf(english, `items.${index}.label`)} className="mt-2 leading-7 text-slate-300">
              {item.label}
            </dt>
            <dd className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
