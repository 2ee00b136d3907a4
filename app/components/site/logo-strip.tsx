import type { CSSProperties } from "react";
import type { HomepageLogo } from "#content/rules.ts";
import { useMessages } from "#app/lib/i18n.ts";
import { SiteImage } from "./site-image.tsx";

/** docs/product.md §9: the strip is repeated four times and scrolls about 2 s per logo. */
export const LOGO_STRIP_COPIES = 4;
export const SECONDS_PER_LOGO = 2;

/**
 * "Trusted by Industry Leaders": the logos in a CSS marquee. Copies after the
 * first are hidden from assistive technology; the motion pauses on hover and
 * stops for people who ask for reduced motion (see .logo-marquee in app.css).
 */
export function LogoStrip({ logos }: { logos: readonly HomepageLogo[] }) {
  const { home } = useMessages();
  if (logos.length === 0) return null;
  const style = { "--marquee-duration": `${logos.length * SECONDS_PER_LOGO}s` } as CSSProperties;
  return (
    <section aria-labelledby="logos-title" className="py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="logos-title" className="text-center text-sm font-semibold tracking-[0.2em] text-slate-300 uppercase">
          {home.logosTitle}
        </h2>
      </div>
      <div className="logo-marquee mt-8" style={style}>
        <div className="logo-marquee-track">
          {Array.from({ length: LOGO_STRIP_COPIES }, (_, copy) => (
            <ul key={copy} className="logo-marquee-copy" aria-hidden={copy > 0 ? true : undefined} data-copy={copy}>
              {logos.map((logo, index) => (
                <li key={`${logo.name}-${index}`} className="shrink-0 px-4 sm:px-6">
                  <SiteImage
                    src={logo.logo}
                    alt={copy === 0 ? logo.name : ""}
                    ownAlt={copy === 0 ? logo.alt : undefined}
                    width={180}
                    height={60}
                    sizes="180px"
                    className="h-14 w-auto max-w-[180px] rounded-xl object-contain opacity-85 transition-opacity hover:opacity-100"
                  />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
