import { Mail, MapPin, Phone, Globe } from "lucide-react";
import { Link } from "react-router";
import { SITE_NAME } from "#content/constants.ts";
import type { ContactContent } from "#content/schemas.ts";
import { FOOTER_LINKS } from "#content/sections.ts";

/** "Level 8, 120 Galle Road, Colombo 03, Sri Lanka" → "Colombo 03, Sri Lanka". */
export function cityAndCountry(address: string): string {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length >= 2 ? parts.slice(-2).join(", ") : parts[0] || "Colombo, Sri Lanka";
}

/** A typed website ("www.example.lk") as a link address. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

const linkClass =
  "rounded hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300";

/** Footer of spec §1: tagline, contact block, © 2025, the Sri Lanka line and the legal links. */
export function SiteFooter({ info }: { info: ContactContent["info"] }) {
  return (
    <footer className="border-t border-white/10 bg-brand-950/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <img src="/logo.svg" alt="" width={195} height={36} className="h-9 w-auto" />
          <p className="mt-4 max-w-xs text-sm leading-6 text-slate-300">Built without noise. Powered by purpose.</p>
        </div>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm text-slate-300">
            <li className="flex items-start gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <span>{cityAndCountry(info.address)}</span>
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
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Legal</h2>
          <ul className="mt-4 space-y-3 text-sm text-slate-300">
            {FOOTER_LINKS.map((page) => (
              <li key={page.path}>
                <Link to={page.path} className={linkClass}>
                  {page.linkLabel}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-400 sm:px-6 md:flex-row md:justify-between">
          <p>© 2025 {SITE_NAME}. All rights reserved.</p>
          <p>Crafted with curiosity in Sri Lanka.</p>
        </div>
      </div>
    </footer>
  );
}
