import { ServiceCards } from "../service-cards.tsx";
import type { BlockProps } from "./types.ts";

/** The Services page's cards, as the Services document has them now. */
export function ServicesBlock({ sources }: BlockProps<"services">) {
  if (!sources.services || sources.services.items.length === 0) return null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
      <ServiceCards services={sources.services.items} english={sources.services.english} />
    </section>
  );
}
