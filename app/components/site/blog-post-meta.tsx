import { CalendarDays } from "#app/components/site/icons/calendar-days.ts";
import { Clock } from "#app/components/site/icons/clock.ts";

/**
 * The date and reading time shown on a post card and in the reader, as the
 * server wrote them in the page's language (#app/lib/i18n.server.ts
 * `dateLabel`, `readTimeLabel`): formatting them again here would differ in
 * browsers without that language's data. `date` is the ISO date, for `<time>`.
 */
export function BlogPostMeta({
  date,
  dateLabel,
  readTime,
  className = "",
}: {
  date: string;
  dateLabel: string;
  readTime: string;
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-300 ${className}`}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4 text-brand-300" />
        <time dateTime={date}>{dateLabel}</time>
      </span>
      {readTime && (
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4 text-brand-300" />
          {readTime}
        </span>
      )}
    </p>
  );
}
