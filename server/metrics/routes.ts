import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import type { Metrics } from "./metrics.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time (equal-length digests). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/**
 * `GET /metrics`: the Prometheus text format, only for `Authorization: Bearer
 * <METRICS_TOKEN>` (401 otherwise). Mounted only when METRICS_TOKEN is set;
 * without it the path is an unknown page (404).
 */
export function metricsRoutes(metrics: Metrics, token: string) {
  return new Hono<AppBindings>().get("/", async (c) => {
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return jsonError(c, 401, "Metrics need the METRICS_TOKEN as a bearer token.");
    }
    return c.body(await metrics.registry.metrics(), 200, {
      "Content-Type": metrics.registry.contentType,
      "Cache-Control": "no-store",
    });
  });
}
