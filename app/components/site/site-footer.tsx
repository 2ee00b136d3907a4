import { Mail } from "#app/components/site/icons/mail.ts";
import { MapPin } from "#app/components/site/icons/map-pin.ts";
import { Phone } from "#app/components/site/icons/phone.ts";
import { Globe } from "#app/components/site/icons/globe.ts";
import { Link } from "react-router";
import { SITE_NAME } from "#content/constants.ts";
import { format } from "#content/i18n/format.ts";
import { localePath } from "#content/locales.ts";
import type { ContactContent } from "#content/schemas.ts";
import { FOOTER_LINKS } from "#content/sections.ts";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { LanguageLinks } from "./language-switcher.tsx";

/**
 * "Level 8, 120 Galle Road, Colombo 03, Sri Lanka" → "Colombo 03, Sri Lanka";
 * `fallback` (the agency's city, in the page's language) without an address.
 */
export function cityAndCountry(address: string, fallback: string): string {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length >= 2 ? parts.slice(-2).join(", ") : parts[0] || fallback;
}

/** A typed website ("www.example.lk") as a link address. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

const linkClass =
  "rounded hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300";

/**
 * Footer of docs/product.md §1: tagline, contact block, © 2025, the Sri Lanka
 * line, the legal links and the language switch. `addressLang`: "en" while
 * the address is shown in English on a page in another language.
 */
export function SiteFooter({ info, addressLang }: { info: ContactContent["info"]; addressLang: "en" | undefined }) {
  const locale = useLocale();
  const { shell, footer, links } = useMessages();
  const address = info.address.trim() ? addressLang : undefined;
  return (
    <footer className="border-t border-white/10 bg-brand-950/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <img src="/logo.svg" alt="" width={195} height={36} className="h-9 w-auto" />
          <p className="mt-4 max-w-xs text-sm leading-6 text-slate-300">{shell.tagline}</p>
        </div>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{footer.contact}</h2>
          <ul className="mt-4 space-y-3 text-sm text-slate-300">
            <li className="flex items-start gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <span lang={address}>{cityAndCountry(info.address, footer.defaultPlace)}</span>
            </li>
            {info.email ? (
              <li className="flex items-start gap-3">
                <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
                <a href={`mailto:${info.email}`} className={`${linkClass} break-all`}>
                  {info.email}
                </a>
              </li>
            ) : null}
            {info.phone ? (
              <li className="flex items-start gap-3">
                <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
                <a href={`tel:${info.phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
                  {info.phone}
                </a>
              </li>
            ) : null}
            {info.website ? (
              <li className="flex items-start gap-3">
                <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
                <a href={websiteHref(info.website)} className={`${linkClass} break-all`}>
                  {info.website}
                </a>
              </li>
            ) : null}
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{footer.legal}</h2>
          <ul className="mt-4 space-y-3 text-sm text-slate-300">
            {FOOTER_LINKS.map((page) => (
              <li key={page.path}>
                <Link to={localePath(locale, page.path)} className={linkClass}>
                  {links[page.document]}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* On phones the last line stays clear of the chat button, fixed in the corner. */}
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-6 pb-24 text-sm text-slate-400 sm:px-6 md:flex-row md:items-center md:justify-between md:pb-6">
          <p>{format(footer.copyright, { site: SITE_NAME })}</p>
          <LanguageLinks
            className="flex flex-wrap gap-x-4 gap-y-2 md:order-last"
            linkClassName="rounded text-slate-300 hover:text-white aria-[current=true]:font-semibold aria-[current=true]:text-white"
          />
          <p>{footer.crafted}</p>
        </div>
      </div>
    </footer>
  );
}
