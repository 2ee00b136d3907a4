import { CalendarDays, Clock } from "lucide-react";

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2025-03-12" → "12 March 2025" (the same on the server and in every browser time zone). */
export function formatPostDate(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? date : dateFormat.format(time);
}

/** The date and reading time shown on a post card and in the reader. */
export function BlogPostMeta({
  date,
  readTime,
  className = "",
}: {
  date: string;
  readTime: string;
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-300 ${className}`}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4 text-brand-300" />
        <time dateTime={date}>{formatPostDate(date)}</time>
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
