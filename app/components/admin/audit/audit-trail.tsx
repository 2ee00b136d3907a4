import { ChevronLeft, ChevronRight, Download } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/select.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { AUDIT_ACTIONS, describeTarget, type AuditEvent, type AuditPage } from "#content/audit.ts";
import { isLocale } from "#content/locales.ts";
import { isDocumentKey } from "#content/sections.ts";
import { documentAdminLink } from "../admin-links.ts";
import { PAGE_LINK, recordAdminLink } from "../editor/record-link.ts";
import { postAdminLink } from "../posts/post-link.ts";
import { formatWhen } from "../format.ts";

/** `?actor=&action=&page=` for the filter and page given, without the empty ones. */
function queryOf(filter: { actor: string; action: string }, page?: number) {
  const params = new URLSearchParams();
  if (filter.actor) params.set("actor", filter.actor);
  if (filter.action) params.set("action", filter.action);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A detail's entries in words: "role: editor · from: 3". */
const detailText = (detail: AuditEvent["detail"]) =>
  detail
    ? Object.entries(detail)
        .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
        .join(" · ")
    : "";

/**
 * Where the thing an event changed is edited now, when it still is: a page's tab, a post in Edit
 * Post (in the event's language), the AI tab, the Media screen. Its History there holds the
 * version the event made.
 */
function whereEdited({ action, target, detail }: AuditEvent): string | undefined {
  if (!target) return undefined;
  const locale = detail?.["locale"];
  if (target.kind === "post" && target.id && action !== "post.delete")
    return postAdminLink(target.id, isLocale(locale) ? locale : undefined);
  // A team page in Edit Page; a deleted translation's page stays (in English), a deleted page is gone.
  if (target.kind === "landing-page" && target.id) {
    if (action !== "landing-page.delete")
      return recordAdminLink(PAGE_LINK, target.id, isLocale(locale) ? locale : undefined);
    if (isLocale(locale)) return recordAdminLink(PAGE_LINK, target.id, "en");
  }
  if (target.kind === "content" && target.key && isDocumentKey(target.key)) return documentAdminLink(target.key);
  if (target.kind === "settings" && action === "settings.ai") return documentAdminLink("ai-settings");
  if (target.kind === "media") return "/admin/media";
  return undefined;
}

/**
 * The audit trail: a filter by account and action (a plain GET form, so it works before the
 * page's script), the events newest first, each linked to where its page, post or image is edited
 * (with the version it made), pages, and the filtered trail as CSV.
 */
export function AuditTrail({
  page,
  actors,
  filter,
}: {
  page: AuditPage;
  actors: string[];
  filter: { actor: string; action: string };
}) {
  return (
    <section aria-labelledby="audit-heading" className="mx-auto grid max-w-6xl gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="audit-heading" className="text-xl font-semibold text-slate-950">
            Audit trail
          </h2>
          <p className="text-sm text-slate-600">
            Sign-ins, saves, publishing, deletions, uploads and account changes, kept for a year.
          </p>
        </div>
        <a
          href={`/api/audit/export.csv${queryOf(filter)}`}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden="true" />
          Download CSV
        </a>
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor="audit-actor">Account</Label>
          <NativeSelect id="audit-actor" name="actor" defaultValue={filter.actor}>
            <option value="">All accounts</option>
            {actors.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <NativeSelect id="audit-action" name="action" defaultValue={filter.action}>
            <option value="">All actions</option>
            {Object.entries(AUDIT_ACTIONS).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" size="sm">
          Filter
        </Button>
      </Form>

      <p className="text-sm text-slate-600" aria-live="polite">
        {page.total === 0
          ? "Nothing recorded yet for this filter."
          : `${page.total} event${page.total === 1 ? "" : "s"} · page ${page.page} of ${page.pages}`}
      </p>

      {page.events.length > 0 && (
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Audit events, newest first</caption>
          <thead className="hidden border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 sm:table-header-group">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                When
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Account
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Action
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                What
              </th>
            </tr>
          </thead>
          <tbody className="grid gap-3 sm:table-row-group">
            {page.events.map((event) => {
              const link = whereEdited(event);
              const detail = detailText(event.detail);
              return (
                <tr
                  key={event.id}
                  className="grid gap-1 rounded-xl border border-slate-200 bg-white p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:bg-transparent sm:p-0"
                >
                  <td className="text-slate-600 sm:py-2.5 sm:pr-3 sm:align-top">
                    <time dateTime={event.at}>{formatWhen(event.at)}</time>
                  </td>
                  <td className="break-all font-medium text-slate-900 sm:py-2.5 sm:pr-3 sm:align-top">
                    {event.actor.email ?? "Unknown"}
                  </td>
                  <td className="text-slate-900 sm:py-2.5 sm:pr-3 sm:align-top">{AUDIT_ACTIONS[event.action]}</td>
                  <td className="break-words text-slate-700 sm:py-2.5 sm:pr-3 sm:align-top">
                    {link ? (
                      <Link to={link} className="font-medium text-brand-700 underline underline-offset-2">
                        {describeTarget(event.target)}
                      </Link>
                    ) : (
                      describeTarget(event.target)
                    )}
                    {event.target?.revision ? `, version ${event.target.revision}` : null}
                    {detail && <span className="block text-xs text-slate-600">{detail}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {page.pages > 1 && (
        <nav aria-label="Audit trail pages" className="flex items-center justify-between gap-3">
          {page.page > 1 ? (
            <Link
              to={queryOf(filter, page.page - 1) || "?"}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <ChevronLeft aria-hidden="true" />
              Newer
            </Link>
          ) : (
            <span />
          )}
          {page.page < page.pages && (
            <Link to={queryOf(filter, page.page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
              Older
              <ChevronRight aria-hidden="true" />
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
