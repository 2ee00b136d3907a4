import type { Context } from "hono";

/**
 * One CSV cell (RFC 4180), made safe for spreadsheets: a cell that starts
 * like a formula is prefixed with a quote so it is shown, never run.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV download named `<name>-<today>.csv`: a header row, then one row per entry, never cached. */
export function csvDownload(c: Context, name: string, header: readonly string[], rows: readonly (readonly string[])[]) {
  const day = new Date().toISOString().slice(0, 10);
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${name}-${day}.csv"`);
  c.header("Cache-Control", "no-store");
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  // The byte-order mark makes spreadsheet programs read Sinhala, Tamil and accents as UTF-8.
  return c.body(`\uFEFF${lines.join("\r\n")}\r\n`);
}
