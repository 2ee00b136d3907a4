import { ChartNoAxesColumn, Images, ExternalLink, LogOut, PencilLine, ScrollText } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { SITE_NAME } from "#content/constants.ts";
import { may, ROLE_LABELS, type Role } from "#content/roles.ts";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { AccountMenu } from "./accounts/account-menu.tsx";
import type { AdminStatus } from "#content/admin-status.ts";
import { adminStatus } from "./data/admin-api.ts";

/** The pages of the admin panel, linked from its header for the roles that may read them (#content/roles.ts). */
const ADMIN_PAGES = [
  { id: "content", label: "Content", to: "/admin", icon: PencilLine, reads: "GET /api/posts" },
  { id: "insights", label: "Insights", to: "/admin/insights", icon: ChartNoAxesColumn, reads: "GET /api/analytics" },
  { id: "media", label: "Media", to: "/admin/media", icon: Images, reads: "GET /api/media" },
  { id: "audit", label: "Audit trail", to: "/admin/audit", icon: ScrollText, reads: "GET /api/audit" },
] as const;
export type AdminPage = (typeof ADMIN_PAGES)[number]["id"];

/** "Welcome", the account's email and role, the pages it may use, Logout, and the debug line from /api/admin/status. */
export function AdminHeader({
  email,
  role,
  page,
  onLogout,
}: {
  email: string;
  role: Role;
  page: AdminPage;
  onLogout: () => void;
}) {
  const [status, setStatus] = useState<AdminStatus | null>(null);
  const [statusError, setStatusError] = useState(false);

  useEffect(() => {
    let cancelled = false;
    adminStatus().then(
      (value) => !cancelled && setStatus(value),
      () => !cancelled && setStatusError(true),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-4 sm:flex-row sm:items-center sm:px-6">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">{SITE_NAME} · Admin</p>
          {/* One line: a long address ends in "…" (the account menu shows it whole). */}
          <h1 className="mt-0.5 truncate text-lg font-semibold text-slate-950" title={email}>
            Welcome, <span className="font-normal text-slate-700">{email}</span>
          </h1>
          <p className="text-xs text-slate-600">{ROLE_LABELS[role]}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label="Admin pages" className="flex flex-wrap items-center gap-2">
            {ADMIN_PAGES.filter((item) => may(role, item.reads)).map((item) => (
              <Link
                key={item.id}
                to={item.to}
                aria-current={item.id === page ? "page" : undefined}
                className={buttonVariants({ variant: item.id === page ? "default" : "outline", size: "sm" })}
              >
                <item.icon aria-hidden="true" />
                {item.label}
              </Link>
            ))}
          </nav>
          <Link to="/" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <ExternalLink aria-hidden="true" />
            View site
          </Link>
          {/* A removed or changed account's session is already over: start again at the sign-in form. */}
          <AccountMenu email={email} role={role} onSignedOut={() => window.location.assign("/admin")} />
          <Button variant="outline" size="sm" onClick={onLogout}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
      <p className="mx-auto max-w-6xl px-4 pb-3 pt-2 font-mono text-xs text-slate-600 sm:px-6">
        {status
          ? `Database: ${status.database} · Content: ${status.contentLoaded ? "loaded" : "not loaded"} · Sections: ${status.sections}`
          : statusError
            ? "Status unavailable"
            : "Checking status…"}
      </p>
    </header>
  );
}
