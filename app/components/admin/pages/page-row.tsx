import { CalendarClock, EyeOff, FlaskConical, MessageSquareMore } from "lucide-react";
import type { LandingPageSummary } from "#content/landing-page-api.ts";
import { LOCALES } from "#content/locales.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { useSiteTimeZone } from "../data/site-time-zone.ts";
import { RemoveButton } from "../editor/remove-button.tsx";
import { formatPublishTime } from "../posts/publishing.ts";
import { PAGE_STATUS_LABELS, pageName, pageStatus, resultsLine } from "./page-list.ts";

/**
 * One page in the Pages tab: a click opens it in "Edit Page"; its bin asks before deleting it.
 * It says the page's address, where it stands, its languages and its last 30 days.
 */
export function PageRow({
  page,
  busy,
  canDelete,
  onOpen,
  onDelete,
}: {
  page: LandingPageSummary;
  busy: boolean;
  canDelete: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const name = pageName(page.title);
  return (
    <li className="flex min-w-0 items-stretch rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Edit ${name}`}
        className="grid min-w-0 flex-1 gap-1.5 rounded-l-2xl p-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
      >
        <span className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
          <span
            className={
              page.title.trim() ? "min-w-0 font-semibold text-slate-950" : "min-w-0 font-semibold italic text-slate-500"
            }
          >
            {name}
          </span>
          <span className="min-w-0 break-all font-mono text-xs text-slate-600">{page.path}</span>
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600">
          <PageStatusBadge page={page} />
          {page.hasVariant && (
            <Badge variant="secondary">
              <FlaskConical className="size-3" aria-hidden="true" />
              A/B test
            </Badge>
          )}
          {page.noindex && (
            <span className="inline-flex items-center gap-1">
              <EyeOff className="size-3.5" aria-hidden="true" />
              Hidden from search engines
            </span>
          )}
          <span className="inline-flex items-center gap-1">
            <span className="sr-only">Languages: </span>
            {page.languages.map((locale) => (
              <span
                key={locale}
                lang={LOCALES[locale].htmlLang}
                className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700"
              >
                {LOCALES[locale].nativeName}
              </span>
            ))}
          </span>
          <span className="tabular-nums">{resultsLine(page.views, page.leads)} · last 30 days</span>
        </span>
      </button>
      {canDelete && (
        <div className="flex items-center border-l border-slate-100 px-2">
          <RemoveButton
            label={`Delete ${name}`}
            className={busy ? "pointer-events-none opacity-50" : undefined}
            onClick={onDelete}
          />
        </div>
      )}
    </li>
  );
}

function PageStatusBadge({ page }: { page: LandingPageSummary }) {
  const timeZone = useSiteTimeZone();
  const status = pageStatus(page);
  if (status === "review")
    return (
      <Badge variant="warning">
        <MessageSquareMore className="size-3" aria-hidden="true" />
        {PAGE_STATUS_LABELS.review}
      </Badge>
    );
  if (status === "draft") return <Badge variant="secondary">{PAGE_STATUS_LABELS.draft}</Badge>;
  if (status === "scheduled")
    return (
      <Badge variant="warning">
        <CalendarClock className="size-3" aria-hidden="true" />
        Scheduled for {formatPublishTime(page.publishAt!, timeZone)}
      </Badge>
    );
  return <Badge variant="success">{PAGE_STATUS_LABELS.published}</Badge>;
}
