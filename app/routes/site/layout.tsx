import { Link, Outlet } from "react-router";
import { useLiveContent } from "#app/hooks/use-live-content.ts";

export default function SiteLayout() {
  useLiveContent();
  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-white/10 bg-brand-950/80 backdrop-blur">
        <nav aria-label="Main" className="mx-auto flex h-full max-w-6xl items-center px-4">
          <Link to="/" className="font-semibold">
            Home
          </Link>
        </nav>
      </header>
      <main className="pt-16">
        <Outlet />
      </main>
    </>
  );
}
