import { langOf } from "../text-lang.ts";
import type { BlockProps } from "./types.ts";

/**
 * Questions that open to their answers: native disclosures (`<details>`), so they open by keyboard
 * and read as expandable without any script, and a page's search finds the closed answers too.
 */
export function FaqBlock({ block, english }: BlockProps<"faq">) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <div className="divide-y divide-white/10 rounded-2xl bg-white/5 ring-1 ring-white/10">
        {block.items.map((item, index) => (
          <details key={`${item.placementId ?? item.question}-${index}`} className="group px-6 py-1">
            <summary
              lang={langOf(english, `items.${index}.question`)}
              className="flex cursor-pointer list-none items-start justify-between gap-4 py-4 text-lg font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300 [&::-webkit-details-marker]:hidden"
            >
              {item.question}
              <span
                aria-hidden="true"
                className="mt-1 size-5 shrink-0 text-center leading-5 text-brand-300 transition-transform group-open:rotate-45 motion-reduce:transition-none"
              >
                +
              </span>
            </summary>
            <p
              lang={langOf(english, `items.${index}.answer`)}
              className="pb-5 leading-7 whitespace-pre-line text-slate-300"
            >
              {item.answer}
            </p>
          </details>
        ))}
      </div>
    </section>
  );
}
