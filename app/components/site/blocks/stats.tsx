import { langOf } from "../text-lang.ts";
import type { BlockProps } from "./types.ts";

/** Figures and what they count (120+ projects), large, in a row that wraps. */
export function StatsBlock({ block, english }: BlockProps<"stats">) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <dl className="grid grid-cols-1 gap-6 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {block.items.map((item, index) => (
          <div
            key={`${item.placementId ?? item.value}-${index}`}
            className="flex flex-col-reverse rounded-2xl bg-white/5 p-6 text-center ring-1 ring-white/10"
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
