import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { SITE_NAME } from "#content/constants.ts";
import { NAV_LINKS } from "#content/sections.ts";

const MENU_ID = "site-menu";

function linkClass({ isActive }: { isActive: boolean }) {
  return [
    "rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300",
    isActive ? "bg-white/10 text-white" : "text-slate-300 hover:bg-white/5 hover:text-white",
  ].join(" ");
}

/** Fixed top bar, 4rem high; below 768 px the links sit behind a toggle. */
export function SiteNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

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

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-white/10 bg-brand-950/80 backdrop-blur-md">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-300"
        >
          <img src="/logo.svg" alt={`${SITE_NAME} logo`} width={195} height={36} className="h-9 w-auto" />
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <li key={link.path}>
              <NavLink to={link.path} end={link.path === "/"} className={linkClass}>
                {link.linkLabel}
              </NavLink>
            </li>
          ))}
        </ul>

        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-300 md:hidden"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </nav>

      <div
        id={MENU_ID}
        className={[
          "absolute inset-x-0 top-16 border-b border-white/10 bg-brand-950 shadow-2xl shadow-black/40 transition-[opacity,transform,visibility] duration-200 ease-out motion-reduce:transition-none md:hidden",
          open ? "visible translate-y-0 opacity-100" : "invisible -translate-y-2 opacity-0",
        ].join(" ")}
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {NAV_LINKS.map((link) => (
            <li key={link.path}>
              <NavLink
                to={link.path}
                end={link.path === "/"}
                className={(state) => `${linkClass(state)} block py-3 text-base`}
                onClick={() => setOpen(false)}
              >
                {link.linkLabel}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
