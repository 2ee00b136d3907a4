import { Menu } from "#app/components/site/icons/menu.ts";
import { X } from "#app/components/site/icons/x.ts";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { SITE_NAME } from "#content/constants.ts";
import { format } from "#content/i18n/format.ts";
import { localePath, type Locale } from "#content/locales.ts";
import { NAV_LINKS } from "#content/sections.ts";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { LanguageLinks, LanguageMenu } from "./language-switcher.tsx";

const MENU_ID = "site-menu";

function linkClass({ isActive }: { isActive: boolean }) {
  return [
    "rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors lg:px-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300",
    isActive ? "bg-white/10 text-white" : "text-slate-300 hover:bg-white/5 hover:text-white",
  ].join(" ");
}

/**
 * Where the bar has room for the six links in each language (literal classes,
 * for Tailwind to find): from 768 px in English, 1024 px in Sinhala and
 * 1280 px in Tamil, whose longer words need it. Below that, the links and the
 * languages sit behind the menu toggle.
 */
const BAR_FROM: Record<Locale, { show: string; hide: string }> = {
  en: { show: "md:flex", hide: "md:hidden" },
  si: { show: "lg:flex", hide: "lg:hidden" },
  ta: { show: "xl:flex", hide: "xl:hidden" },
};

/** Fixed top bar, 4rem high: the logo, the six links and the language switch, or the menu toggle. */
export function SiteNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const locale = useLocale();
  const messages = useMessages();
  const wide = BAR_FROM[locale];

  // Any navigation (back button included) closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const links = NAV_LINKS.map((link) => ({
    to: localePath(locale, link.path),
    end: link.path === "/",
    label: messages.links[link.document],
  }));

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-white/10 bg-brand-950/80 backdrop-blur-md">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <nav aria-label={messages.shell.mainNav} className="flex h-full flex-1 items-center justify-between gap-4">
          <Link
            to={localePath(locale, "/")}
            className="flex shrink-0 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-300"
          >
            <img
              src="/logo.svg"
              alt={format(messages.shell.logoAlt, { site: SITE_NAME })}
              width={195}
              height={36}
              className="h-9 w-auto"
            />
          </Link>

          <ul className={`hidden items-center lg:gap-1 ${wide.show}`}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className={`hidden ${wide.show}`}>
          <LanguageMenu />
        </div>

        <button
          type="button"
          className={`inline-flex size-10 items-center justify-center rounded-lg text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-300 ${wide.hide}`}
          aria-label={messages.shell.menu}
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>

      <div
        id={MENU_ID}
        className={[
          "absolute inset-x-0 top-16 border-b border-white/10 bg-brand-950 shadow-2xl shadow-black/40 transition-[opacity,transform,visibility] duration-200 ease-out motion-reduce:transition-none",
          wide.hide,
          open ? "visible translate-y-0 opacity-100" : "invisible -translate-y-2 opacity-0",
        ].join(" ")}
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 pt-3 pb-2">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={(state) => `${linkClass(state)} block py-3 text-base`}
                onClick={() => setOpen(false)}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <LanguageLinks
          className="mx-auto flex max-w-6xl flex-wrap gap-2 border-t border-white/10 px-4 pt-3 pb-4"
          linkClassName="block rounded-lg px-3 py-2 text-sm text-slate-300 ring-1 ring-white/15 hover:bg-white/5 hover:text-white aria-[current=true]:bg-white/10 aria-[current=true]:text-white"
        />
      </div>
    </header>
  );
}
