/** "12 Jan 2026, 10:32" in the admin's own locale and time zone. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return "an unknown time";
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "less than a minute ago", "5 minutes ago", "yesterday"; a week or more back, formatWhen's date. */
export function formatAgo(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (!(minutes >= 0) || minutes >= 7 * 24 * 60) return formatWhen(iso);
  if (minutes < 1) return "less than a minute ago";
  if (minutes < 60) return relative.format(-minutes, "minute");
  if (minutes < 24 * 60) return relative.format(-Math.floor(minutes / 60), "hour");
  return relative.format(-Math.floor(minutes / (24 * 60)), "day");
}
