import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PoolUse } from "#server/db/store.ts";

/** Whether the page cache answered a request: `hit` (kept bytes) or `miss` (rendered for it). */
export type CacheState = "hit" | "miss";

/** Why a render was turned away (server/assembly/shed-load.ts): the event loop ran late, the line was full, or it waited too long. */
export type ShedReason = "late" | "full" | "waited";

/** What the gauges read at each scrape: the server's live state, never a copy kept on the side. */
export interface MetricSources {
  /** Open `/api/events` streams. */
  streams(): number;
  /** Contact deliveries waiting to be sent (or retried), and those that failed for good. */
  deliveries(): Promise<{ pending: number; failed: number }>;
  /** Published posts whose time has not come yet. */
  scheduledPosts(): Promise<number>;
  /** The database pool's connections (PostgreSQL; absent on SQLite, which has one connection and no pool). */
  pool?(): PoolUse;
}

/** The render line's state (server/assembly/shed-load.ts). */
export interface RenderLine {
  running: number;
  queued: number;
}

export interface Metrics {
  readonly registry: Registry;
  /** One answered request, counted by the server's listener (server/assembly/request-log.ts). */
  request(method: string, route: string, status: number, seconds: number, cache: CacheState | undefined): void;
  /** One render turned away with 503. */
  shed(reason: ShedReason): void;
  /** Reads the render line at each scrape (the pages' renders are made after the deps). */
  watchRenders(line: () => RenderLine): void;
}

/** Durations of requests: a cached page takes well under a millisecond, an uncached render a few. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Live-update streams stay open for hours: their duration says nothing about the server's speed. */
const STREAM_ROUTE = "/api/events";

/** A value read from the database, or undefined while it does not answer: the scrape still answers, with NaN for it. */
const unlessDown = <T>(value: Promise<T>): Promise<T | undefined> => value.catch(() => undefined);

/**
 * The server's Prometheus metrics, in a registry of its own (never prom-client's
 * global one, so test servers in one process count apart): requests by route
 * and status and their durations, page cache hits and misses, renders queued
 * and shed, open live-update streams, the contact outbox, scheduled posts, the
 * database pool, and Node's own process metrics. Served by `/metrics`
 * (./routes.ts) when METRICS_TOKEN is set; without it nothing is counted.
 */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method and route (live-update streams left out)",
    labelNames: ["method", "route"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const cache = new Counter({
    name: "page_cache_requests_total",
    help: "Requests the page cache answered: hit (kept bytes) or miss (rendered, then kept)",
    labelNames: ["result"] as const,
    registers,
  });
  // Both results appear from the start, so rate() has a series to work on before the first hit.
  cache.inc({ result: "hit" }, 0);
  cache.inc({ result: "miss" }, 0);
  const shed = new Counter({
    name: "renders_shed_total",
    help: "Page renders turned away with 503 under overload, by reason: late (event loop), full (line), waited (too long in line)",
    labelNames: ["reason"] as const,
    registers,
  });
  for (const reason of ["late", "full", "waited"] as const) shed.inc({ reason }, 0);

  let renderLine: (() => RenderLine) | undefined;
  new Gauge({
    name: "renders_queued",
    help: "Page renders waiting in line for a place",
    registers,
    collect() {
      this.set(renderLine?.().queued ?? 0);
    },
  });
  new Gauge({
    name: "renders_running",
    help: "Page renders running now",
    registers,
    collect() {
      this.set(renderLine?.().running ?? 0);
    },
  });
  new Gauge({
    name: "sse_streams_open",
    help: "Open live-update streams (/api/events)",
    registers,
    collect() {
      this.set(sources.streams());
    },
  });
  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: "db_pool_connections",
      help: "The PostgreSQL pool's connections: open (total), idle, and queries waiting for one (waiting)",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: "total" }, total);
        this.set({ state: "idle" }, idle);
        this.set({ state: "waiting" }, waiting);
      },
    });
    new Gauge({
      name: "db_pool_max",
      help: "The most connections the PostgreSQL pool opens",
      registers,
      collect() {
        this.set(pool().max);
      },
    });
  }

  // Queries last: the pool is read before the scrape's own queries take connections from it.
  new Gauge({
    name: "outbox_deliveries",
    help: "Contact message deliveries by status: pending (waiting to be sent or retried), failed (given up)",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const counts = await unlessDown(sources.deliveries());
      this.set({ status: "pending" }, counts?.pending ?? NaN);
      this.set({ status: "failed" }, counts?.failed ?? NaN);
    },
  });
  new Gauge({
    name: "posts_scheduled",
    help: "Published posts whose publication time is still to come",
    registers,
    async collect() {
      this.set((await unlessDown(sources.scheduledPosts())) ?? NaN);
    },
  });

  return {
    registry,
    request(method, route, status, seconds, state) {
      requests.inc({ method, route, status });
      if (route !== STREAM_ROUTE) durations.observe({ method, route }, seconds);
      if (state) cache.inc({ result: state });
    },
    shed(reason) {
      shed.inc({ reason });
    },
    watchRenders(line) {
      renderLine = line;
    },
  };
}
