import { postState, type PostState } from "#content/post-status.ts";
import type { BlogPost } from "#content/schemas.ts";
import { toZonedIso, wallTime, zonedDateTime } from "#content/time-zone.ts";

/**
 * The Edit Post dialog's publishing choice (docs/product.md §3 "Drafts and
 * scheduling"): what each choice stores, in the site's time zone. Pure, so
 * the rules are unit-tested apart from the form.
 */

/** The choice in the form: the post's state, chosen ahead of saving. */
export type PublishingChoice = PostState;

/** The patch a post gets when the admin chooses `choice` at `now`. */
export function choosePublishing(
  post: Pick<BlogPost, "status" | "publishAt">,
  choice: PublishingChoice,
  timeZone: string,
  now: Date = new Date(),
): Partial<BlogPost> {
  switch (choice) {
    case "draft":
      return { status: "draft", publishAt: undefined };
    case "published": {
      // Already live: it keeps the time it went live. Otherwise it goes live now, dated today.
      const wentLive = post.status === "published" && postState(post, now) === "published";
      if (wentLive) return {};
      const publishAt = toZonedIso(now, timeZone);
      return { status: "published", publishAt, date: wallTime(publishAt, timeZone).date };
    }
    case "scheduled": {
      if (postState(post, now) === "scheduled") return {};
      return scheduleAt(defaultSchedule(now, timeZone), timeZone) ?? {};
    }
  }
}

/** A choice's patch for a post in another language: its date is the English post's, shared by every language. */
export function withoutSharedDate(patch: Partial<BlogPost>): Partial<BlogPost> {
  const { date: _date, ...own } = patch;
  return own;
}

/** Tomorrow at 09:00 on the site's clock: where a new schedule starts. */
export function defaultSchedule(now: Date, timeZone: string): { date: string; time: string } {
  const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  return { date: wallTime(tomorrow, timeZone).date, time: "09:00" };
}

/** The patch for a schedule typed as a date and a time on the site's clock (undefined: not a date and time). */
export function scheduleAt(when: { date: string; time: string }, timeZone: string): Partial<BlogPost> | undefined {
  const publishAt = zonedDateTime(when.date, when.time, timeZone);
  return publishAt ? { status: "published", publishAt, date: wallTime(publishAt, timeZone).date } : undefined;
}

/** How a publish time reads in the admin: "1 Dec 2026, 09:00". */
export function formatPublishTime(publishAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(
    new Date(publishAt),
  );
}

/** The zone's name and offset now, for the form's hint: "Asia/Colombo, UTC+05:30". */
export function describeTimeZone(timeZone: string, now: Date = new Date()): string {
  return `${timeZone}, UTC${toZonedIso(now, timeZone).slice(-6)}`;
}
