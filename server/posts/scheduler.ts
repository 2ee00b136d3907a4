import type { EventBus } from "#server/events/bus.ts";
import type { Logger } from "#server/logger.ts";
import type { Records } from "#server/records/records.ts";
import type { LandingPageReadModel } from "#server/pages/types.ts";
import type { PostStore } from "./types.ts";

/** setTimeout's longest delay; a later publication is waited for in steps. */
const LONGEST_WAIT = 2 ** 31 - 1;
/** After a failed look at the schedule (database away), the next try. */
const RETRY_AFTER = 30_000;

export interface PostScheduler {
  start(): void;
  stop(): void;
  /** Looks at the schedule again now (a post was saved; tests). */
  wake(): Promise<void>;
}

/**
 * Makes scheduled posts go live at their time with nobody saving anything
 * (docs/product.md §3 "Drafts and scheduling"), and scheduled translations
 * (announced with their `locale`), and the team's scheduled pages (issue 42) alike. Whether a post is public is
 * decided by every query at the moment it runs; what has to happen at the
 * publish time is telling this instance: its page cache drops what it kept
 * and its open pages refresh. So each instance keeps one timer, for the next
 * publish time in the database, and when it fires announces every post that
 * went live since it last looked as a post event to its own subscribers only
 * (`publishLocal`): on PostgreSQL every instance does the same for itself, so
 * nothing depends on one instance being up. Any post event (a save here, or
 * one heard from another instance) may have changed the schedule: the timer
 * is set again.
 */
export function createPostScheduler(options: {
  posts: Pick<PostStore, "nextPublication" | "publishedBetween">;
  /** The team's pages (issue 42), scheduled as posts are. */
  pages?: Pick<LandingPageReadModel, "nextPublication" | "publishedBetween">;
  /** Announces what went live (server/records/records.ts). */
  records: Pick<Records, "posts"> & Partial<Pick<Records, "pages">>;
  /** Heard for saves, which may change the schedule. */
  bus: EventBus;
  logger: Logger;
  clock?: () => Date;
}): PostScheduler {
  const clock = options.clock ?? (() => new Date());
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  let running = false;
  /** Publications up to this instant have been announced. */
  let lookedAt = clock();
  /** One look at a time; a wake during a look looks once more after it. */
  let looking: Promise<void> | undefined;
  let again = false;

  function arm(delay: number) {
    clearTimeout(timer);
    if (!running) return;
    timer = setTimeout(() => void scheduler.wake(), Math.min(Math.max(delay, 0), LONGEST_WAIT));
    timer.unref();
  }

  async function look() {
    const now = clock();
    const live = await options.posts.publishedBetween(lookedAt, now);
    const livePages = (await options.pages?.publishedBetween(lookedAt, now)) ?? [];
    lookedAt = now;
    options.records.posts.wentLive(live);
    if (livePages.length > 0) options.records.pages?.wentLive(livePages);
    const nextPost = await options.posts.nextPublication(now);
    const nextPage = await options.pages?.nextPublication(now);
    const next = nextPost && nextPage ? (nextPost < nextPage ? nextPost : nextPage) : (nextPost ?? nextPage);
    // A few milliseconds late, so the post is surely public by this clock when the pages ask again.
    if (next) arm(next.getTime() - clock().getTime() + 5);
    else clearTimeout(timer);
  }

  const scheduler: PostScheduler = {
    start() {
      if (running) return;
      running = true;
      lookedAt = clock();
      unsubscribe = options.bus.subscribe((event) => {
        if (event.type === "post" || event.type === "page") void scheduler.wake();
      });
      void scheduler.wake();
    },
    stop() {
      running = false;
      clearTimeout(timer);
      unsubscribe?.();
    },
    async wake() {
      if (!running) return;
      if (looking) {
        again = true;
        return looking;
      }
      looking = (async () => {
        do {
          again = false;
          try {
            await look();
          } catch (error) {
            options.logger.warn("could not read the post schedule", {
              event: "schedule-failed",
              reason: error instanceof Error ? error.message : String(error),
            });
            arm(RETRY_AFTER);
          }
        } while (again && running);
      })().finally(() => (looking = undefined));
      return looking;
    },
  };
  return scheduler;
}

/** The scheduler's background work, started with the server (server/assembly/jobs.ts). */
export function startPostScheduler(deps: { scheduler: PostScheduler }): () => void {
  deps.scheduler.start();
  return () => deps.scheduler.stop();
}
