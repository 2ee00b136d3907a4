import { ctaTarget } from "#content/cta.ts";

/**
 * The hero's call to action (docs/product.md §2): "#id" scrolls smoothly to that element,
 * "http…" or "/…" opens in a new window, anything else does nothing. `lang`:
 * "en" while its text is shown in English on a page in another language.
 */
export function HeroCta({
  text,
  lang,
  url,
  colorClass,
}: {
  text: string;
  lang: "en" | undefined;
  url: string;
  colorClass: string;
}) {
  const onClick = () => {
    const target = ctaTarget(url);
    if (target.kind === "scroll") {
      const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      document.getElementById(target.id)?.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
    } else if (target.kind === "open") {
      window.open(target.href, "_blank", "noopener,noreferrer");
    }
  };
  return (
    <button
      type="button"
      lang={lang}
      onClick={onClick}
      className={`${colorClass || "bg-rose-600 hover:bg-rose-700"} inline-flex items-center justify-center rounded-xl px-7 py-3.5 text-base font-semibold text-white shadow-lg shadow-black/30 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white`}
    >
      {text}
    </button>
  );
}
