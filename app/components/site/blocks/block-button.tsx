import { ArrowRight } from "#app/components/site/icons/arrow-right.ts";
import { Link } from "react-router";

/**
 * A block's button (hero, call to action), the site's rose button: a link, so it works before the
 * page's script runs and opens where it says. A site path goes through the router (the loader has
 * put it in the page's language); `#id` scrolls to that part of the page; anything else (another
 * site, mailto:, tel:) is a plain link.
 */
export function BlockButton({ label, href, lang }: { label: string; href: string; lang: "en" | undefined }) {
  const className =
    "inline-flex items-center justify-center gap-2 rounded-xl bg-rose-600 px-7 py-3.5 text-base font-semibold text-white shadow-lg shadow-black/30 transition-colors hover:bg-rose-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
  const content = (
    <>
      <span lang={lang}>{label}</span>
      <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
    </>
  );
  return href.startsWith("/") && !href.startsWith("//") ? (
    <Link to={href} className={className}>
      {content}
    </Link>
  ) : (
    <a href={href} className={className}>
      {content}
    </a>
  );
}
