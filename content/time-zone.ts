/**
 * Wall-clock dates and times in the site's time zone (SITE_TIMEZONE, an IANA
 * name such as "Asia/Colombo"), for scheduling posts: the admin types a date
 * and a time as the clock on their office wall shows them, and the post stores
 * an ISO 8601 date-time with that zone's offset. Built on Intl alone, so the
 * browser and the server agree; shared by both.
 */

export const DEFAULT_SITE_TIMEZONE = "Asia/Colombo";

/** Whether `name` is a time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at instant `ms`, read as if it were UTC (in ms). */
function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const { type, value } of formatter(timeZone).formatToParts(ms)) parts[type] = Number(value);
  return Date.UTC(
    parts["year"]!,
    parts["month"]! - 1,
    parts["day"]!,
    parts["hour"]!,
    parts["minute"]!,
    parts["second"]!,
  );
}

/** How far `timeZone`'s clocks are ahead of UTC at instant `ms`, in minutes. */
function offsetMinutes(ms: number, timeZone: string): number {
  return Math.round((wallClock(ms, timeZone) - Math.floor(ms / 1000) * 1000) / 60_000);
}

const DAY = 24 * 60 * 60 * 1000;

const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");

function offsetText(minutes: number): string {
  return `${minutes < 0 ? "-" : "+"}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The date (YYYY-MM-DD) and time (HH:mm) that the clocks of `timeZone` show at `instant`. */
export function wallTime(instant: string | Date, timeZone: string): { date: string; time: string } {
  const iso = new Date(wallClock(new Date(instant).getTime(), timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * The instant when the clocks of `timeZone` show `date` (YYYY-MM-DD) at `time`
 * (HH:mm), as ISO 8601 with that zone's offset ("2026-12-01T09:00:00+05:30").
 * A time skipped by a daylight-saving change is moved forward by the gap, as
 * calendars do; undefined when the date or time is not one.
 */
export function zonedDateTime(date: string, time: string, timeZone: string): string | undefined {
  const parsed = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!parsed || !clock) return undefined;
  const [year, month, day, hour, minute] = [...parsed.slice(1), ...clock.slice(1)].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) return undefined;
  // The zone's offsets a day before and a day after: the instant is the wall time less one of them
  // (the earlier one when a clock change makes the time happen twice); in a gap neither fits, and
  // the offset from before the change moves the time forward by the gap.
  const before = offsetMinutes(wall - DAY, timeZone);
  const after = offsetMinutes(wall + DAY, timeZone);
  const fits = [before, after].find((offset) => offsetMinutes(wall - offset * 60_000, timeZone) === offset);
  return toZonedIso(new Date(wall - (fits ?? before) * 60_000), timeZone);
}

/** `instant` as ISO 8601 in `timeZone`, with its offset (what a post's publishAt stores). */
export function toZonedIso(instant: string | Date, timeZone: string): string {
  const ms = Math.floor(new Date(instant).getTime() / 1000) * 1000;
  const offset = offsetMinutes(ms, timeZone);
  return `${new Date(ms + offset * 60_000).toISOString().slice(0, 19)}${offsetText(offset)}`;
}

/** The calendar date `days` after `date` (YYYY-MM-DD; negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
