import type { ServicesContent } from "#content/schemas.ts";
import { Check } from "./icons/check.ts";
import { langOf } from "./text-lang.ts";

/**
 * The Services document's cards (in placement order), numbered, each with its features: the
 * Services page's list and a team page's services block. `english`: the document's texts shown in
 * English (`services.0.title`, by place).
 */
export function ServiceCards({
  services,
  english,
  className = "",
}: {
  services: ServicesContent["services"];
  english: readonly string[];
  className?: string;
}) {
  return (
    <ul className={`grid gap-6 md:grid-cols-2 lg:grid-cols-3 ${className}`}>
      {services.map((service, index) => (
        <li
          key={`${service.placementId}-${index}`}
          className="flex flex-col rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 transition hover:bg-white/[0.08] hover:ring-white/20 sm:p-8"
        >
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-xl bg-brand-500/15 text-sm font-bold text-brand-300 ring-1 ring-brand-400/30"
          >
            {String(index + 1).padStart(2, "0")}
          </span>
          <h2 lang={langOf(english, `services.${index}.title`)} className="mt-5 text-xl font-semibold">
            {service.title}
          </h2>
          <p lang={langOf(english, `services.${index}.description`)} className="mt-3 leading-7 text-slate-300">
            {service.description}
          </p>
          {service.features.length > 0 ? (
            <ul className="mt-6 space-y-2.5 border-t border-white/10 pt-6 text-sm text-slate-200">
              {service.features.map((feature, featureIndex) => (
                <li key={`${feature}-${featureIndex}`} className="flex gap-3">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
                  <span lang={langOf(english, `services.${index}.features.${featureIndex}`)}>{feature}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
