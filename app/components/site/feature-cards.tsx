import { useLocale } from "#app/lib/i18n.ts";
import { SiteImage } from "./site-image.tsx";
import { THREE_CARDS } from "./three-cards.ts";

/** One card: a title, a text and an optional image with its own alt text. */
export interface FeatureCard {
  title: string;
  text: string;
  image?: string | undefined;
  imageAlt?: string | undefined;
}

/**
 * A row of cards with an image, a title and a text: the home page's offers and a team page's
 * features block. `langOf(index, field)`: "en" for a text shown in English on a page in another
 * language. `headingLevel`: the cards' titles are h3 under a heading of their own, else h2.
 */
export function FeatureCards({
  items,
  langOf,
  headingLevel = 3,
  className = "",
}: {
  items: readonly FeatureCard[];
  langOf: (index: number, field: "title" | "text" | "imageAlt") => "en" | undefined;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const locale = useLocale();
  const Title = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={`grid gap-6 ${THREE_CARDS[locale].grid} ${className}`}>
      {items.map((item, index) => (
        <li
          key={`${item.title}-${index}`}
          className="overflow-hidden rounded-2xl bg-white/5 ring-1 ring-white/10 transition hover:bg-white/[0.08] hover:ring-white/20"
        >
          {item.image ? (
            <SiteImage
              src={item.image}
              alt={item.title}
              lang={langOf(index, "title")}
              ownAlt={{ text: item.imageAlt, lang: langOf(index, "imageAlt") }}
              width={640}
              height={400}
              sizes={THREE_CARDS[locale].sizes}
              className="aspect-[8/5] w-full object-cover"
            />
          ) : null}
          <div className="p-6">
            <Title lang={langOf(index, "title")} className="text-xl font-semibold">
              {item.title}
            </Title>
            <p lang={langOf(index, "text")} className="mt-3 leading-7 text-slate-300">
              {item.text}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
