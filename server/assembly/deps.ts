import type { Env } from "#server/env.ts";
import type { LiveEvent } from "#content/live-events.ts";
import { createEventBus, type EventBus } from "#server/events/bus.ts";
import { createPostgresEventBus } from "#server/events/postgres-bus.ts";
import { SseHub } from "#server/events/sse-hub.ts";
import { createLogger, prettyLogs, type Logger } from "#server/logger.ts";
import { createMetrics, type Metrics } from "#server/metrics/metrics.ts";
import { openSqliteStore } from "#server/db/sqlite.ts";
import { describePostgresUrl, openPostgresStore } from "#server/db/postgres.ts";
import type { Store } from "#server/db/store.ts";
import { prepareAdmin, type SetupGate } from "#server/auth/setup.ts";
import { createRateLimiter, type RateLimiter } from "#server/lib/rate-limit.ts";
import { siteOrigin } from "#server/lib/site-origin.ts";
import { createOutbox, type Outbox, type OutboxOptions } from "#server/contact/outbox.ts";
import { defaultTransports, sendAccountMail } from "#server/contact/deliver.ts";
import { composeInvitationMail } from "#server/auth/invitations/mail.ts";
import { createAiService, type AiService } from "#server/ai/service.ts";
import { createChatService, type ChatService } from "#server/chat/service.ts";
import { createPostScheduler, type PostScheduler } from "#server/posts/scheduler.ts";
import { createRecords, type Records } from "#server/records/records.ts";
import { createInsightsPageMetrics } from "#server/pages/metrics.ts";
import type { PageMetrics } from "#server/pages/types.ts";
import { createInsightsRecorder, type InsightsRecorder } from "#server/insights/recorder.ts";
import type { DestinationStream } from "pino";
import { moveFolderMediaIn, type MediaStorage } from "#server/media/storage.ts";
import { checkMediaStorage, mediaStorageFor } from "#server/media/storages.ts";
import { createReadiness, type Readiness } from "./readiness.ts";

/**
 * Every service of the app, made once at start (createDeps, below). Routers
 * get it on the context (`c.var.deps`), each typed with the part it declares
 * it uses (server/http/context.ts, checked in ./create-app.ts); React Router's
 * loaders get it as `context.deps`; the background jobs as their argument
 * (./jobs.ts). Only the assembly imports this type: a feature importing it
 * would import every other feature, and close an import circle.
 */
export interface AppDeps {
  env: Env;
  store: Store;
  bus: EventBus;
  /** The broadcaster of the bus's events to open `/api/events` streams (server/events/sse-hub.ts). */
  sse: SseHub;
  logger: Logger;
  /** Where uploaded images' files are kept: DATA_DIR/media, the database or an S3 bucket (MEDIA_STORAGE, server/media/storages.ts). */
  mediaStorage: MediaStorage;
  setup: SetupGate;
  /** The contact-message delivery worker (server/contact/outbox.ts). */
  outbox: Outbox;
  /** Writes the versioned records and announces each write (server/records/records.ts). */
  records: Records;
  /** Announces scheduled posts and team pages as they go live (server/posts/scheduler.ts). */
  scheduler: PostScheduler;
  /** The team pages' views and leads, as Insights counts them (server/pages/metrics.ts). */
  pageMetrics: PageMetrics;
  /** Throttles counted in the database (server/lib/rate-limit.ts): shared by every instance, kept across restarts. */
  limits: {
    loginPerAccount: RateLimiter;
    loginPerIp: RateLimiter;
    publicForms: RateLimiter;
    /** Administrators added, per address (each costs a password hash). */
    accountCreation: RateLimiter;
  };
  /** The text-generation provider and the drafting limits (server/ai). */
  ai: AiService;
  /** The chat's site index and limits (server/chat). */
  chat: ChatService;
  /** Counts visitors' page views, off the request path (server/insights/recorder.ts). */
  insights: InsightsRecorder;
  /** Prometheus metrics (server/metrics/), only when METRICS_TOKEN is set: otherwise nothing is counted. */
  metrics: Metrics | undefined;
  /** Whether this instance should get traffic (`/readyz`); a graceful stop turns it off first (./readiness.ts). */
  readiness: Readiness;
}

/** Test hooks: a fast retry schedule, a clock, where log lines go (never read from the environment). */
export interface DepsOptions {
  outbox?: OutboxOptions;
  /** Receives every log line (JSON) instead of stdout and stderr. */
  log?: DestinationStream;
  /** Insights' clock (days turn at its midnights) and how often counted views are written. */
  insights?: { now?: () => number; flushMs?: number; notifyMs?: number };
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * A new site gets its built-in blog at its first start (server/posts/move-in.ts
 * `writeBuiltInBlog`); data stored by earlier versions was brought up to date by
 * the migrations as the store opened. Closes the store if that fails.
 */
async function withBuiltInBlog<S extends Store>(store: S, logger: Logger): Promise<S> {
  try {
    const written = await store.writeBuiltInBlog();
    if (written > 0) logger.info("a new site's built-in blog written", { posts: written });
    return store;
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * The store and the event bus: SQLite in DATA_DIR with the in-process bus, or,
 * with DATABASE_URL, PostgreSQL with a bus that carries events between
 * instances (LISTEN/NOTIFY). An event from another instance first drops this
 * instance's cached copy of the saved document, then reaches its subscribers
 * (SSE streams, page cache). Closing the store also stops the listener.
 */
export async function openDatabase(
  env: Pick<Env, "DATA_DIR" | "DATABASE_URL" | "DATABASE_POOL_SIZE">,
  logger: Logger,
): Promise<{ store: Store; bus: EventBus }> {
  if (!env.DATABASE_URL)
    return { store: await withBuiltInBlog(await openSqliteStore(env.DATA_DIR, logger), logger), bus: createEventBus() };
  const store = await withBuiltInBlog(
    await openPostgresStore(env.DATABASE_URL, { logger, max: env.DATABASE_POOL_SIZE }),
    logger,
  );
  // Posts changed by another instance while this one was not listening are found by comparing
  // this, read again after each post change it hears.
  let postsSeen = await store.posts.fingerprint();
  let pagesSeen = await store.pages.fingerprint();
  let bus: Awaited<ReturnType<typeof createPostgresEventBus>>;
  try {
    bus = await createPostgresEventBus({
      url: env.DATABASE_URL,
      schema: store.schema,
      notify: (channel, payload) => store.notify(channel, payload),
      logger,
      onRemote(event) {
        if (event.type === "content") {
          if (event.locale) store.translations.forget({ key: event.key, locale: event.locale });
          else store.documents.forget(event.key);
        }
      },
      async catchUp() {
        const changed: LiveEvent[] = [
          ...(await store.documents.resync()).map(({ id, version }) => ({
            type: "content" as const,
            key: id,
            version,
          })),
          ...(await store.translations.resync()).map(({ id: { key, locale }, version }) => ({
            type: "content" as const,
            key,
            locale,
            version,
          })),
        ];
        const posts = await store.posts.fingerprint();
        if (posts !== postsSeen) changed.push({ type: "post", version: 0 });
        postsSeen = posts;
        const pages = await store.pages.fingerprint();
        if (pages !== pagesSeen) changed.push({ type: "page", version: 0 });
        pagesSeen = pages;
        return changed;
      },
    });
  } catch (error) {
    await store.close();
    throw new Error(
      `Cannot listen for events on PostgreSQL at ${describePostgresUrl(env.DATABASE_URL)}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  bus.subscribe((event) => {
    if (event.type === "post")
      store.posts.fingerprint().then(
        (seen) => (postsSeen = seen),
        () => undefined, // the next catch-up may then report a change that was heard: one extra refresh
      );
    if (event.type === "page")
      store.pages.fingerprint().then(
        (seen) => (pagesSeen = seen),
        () => undefined,
      );
  });
  const closeStore = store.close;
  store.close = async () => {
    await bus.close();
    await closeStore();
  };
  logger.info("using PostgreSQL", {
    event: "database",
    database: describePostgresUrl(env.DATABASE_URL),
    schema: store.schema,
  });
  return { store, bus };
}

/**
 * Opens the store and builds every long-lived service the app needs: the
 * composition root of the server. Handlers get them from here (`c.var.deps`,
 * loaders' `context.deps`), never from module state.
 */
export async function createDeps(env: Env, options: DepsOptions = {}): Promise<AppDeps> {
  const logger = createLogger(env.LOG_LEVEL, { pretty: prettyLogs(env.NODE_ENV), destination: options.log });
  const { store, bus } = await openDatabase(env, logger);
  // A post stored before a rule tightened (or by hand) is left out where visitors read: whoever runs the site is told here.
  store.posts.onUnreadable(({ id, slug, issues }) =>
    logger.warn("a stored post fails its schema: left out of public pages, the feed and the chat until it is fixed", {
      ...(id && { id }),
      slug,
      problem: issues.map(({ path, message }) => (path ? `${path}: ${message}` : message)).join("; "),
    }),
  );
  const mediaStorage = mediaStorageFor(env, store);
  // A bucket that cannot be used is logged now rather than found at the first upload (never stops the start).
  await checkMediaStorage(mediaStorage, logger);
  let setup;
  try {
    // Images an earlier version kept in the folder, into the database when that is their storage now.
    const moved = await moveFolderMediaIn(env.DATA_DIR, mediaStorage);
    if (moved > 0)
      logger.info("images copied from the media folder into the database", { event: "upgrade", files: moved });
    setup = await prepareAdmin(env, store, logger, siteOrigin(env));
  } catch (error) {
    await store.close();
    throw error;
  }
  const sse = new SseHub(bus);
  const records = createRecords({ store, bus, logger });
  const insights = createInsightsRecorder({
    store: store.insights,
    bus,
    logger,
    timeZone: env.SITE_TIMEZONE,
    enabled: env.ANALYTICS,
    ownHosts: env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).hostname.toLowerCase()] : [],
    ...options.insights,
  });
  return {
    env,
    store,
    bus,
    sse,
    logger,
    mediaStorage,
    metrics: env.METRICS_TOKEN
      ? createMetrics({
          streams: () => sse.size,
          deliveries: () => store.outbox.counts(),
          scheduledPosts: () => store.posts.scheduledAfter(new Date()),
          pool: store.poolUse,
        })
      : undefined,
    setup,
    outbox: createOutbox(
      {
        store,
        logger,
        transports: defaultTransports(env),
        accountMail: {
          store: store.accountMails,
          compose: { invitation: composeInvitationMail(store) },
          send: sendAccountMail(env),
        },
      },
      options.outbox,
    ),
    records,
    scheduler: createPostScheduler({ posts: store.posts, pages: store.pages, records, bus, logger }),
    // Counted in the database: shared by every instance, kept across restarts.
    limits: {
      loginPerAccount: createRateLimiter(store.rateCounters, {
        name: "login:account",
        limit: 10,
        windowMs: FIFTEEN_MINUTES,
      }),
      loginPerIp: createRateLimiter(store.rateCounters, { name: "login:ip", limit: 50, windowMs: FIFTEEN_MINUTES }),
      publicForms: createRateLimiter(store.rateCounters, { name: "forms", limit: 5, windowMs: FIFTEEN_MINUTES }),
      accountCreation: createRateLimiter(store.rateCounters, {
        name: "accounts:create",
        limit: 10,
        windowMs: 60 * 60 * 1000,
      }),
    },
    ai: createAiService(env, store.rateCounters),
    chat: createChatService(store.rateCounters, {
      documents: store.documents,
      translations: store.translations,
      posts: store.posts,
      pages: store.pages,
      bus,
      logger,
    }),
    insights,
    pageMetrics: createInsightsPageMetrics({ store, insights }),
    readiness: createReadiness({ store, bus }),
  };
}
