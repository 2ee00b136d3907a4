/** "12 Jan 2026, 10:32" in the admin's own locale and time zone. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return "an unknown time";
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
