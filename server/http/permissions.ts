import { matchedRoutes } from "hono/route";
import type { Context } from "hono";

/** Hono's method of routes registered with `use` or `all`: middleware, or the API's 404. */
const ANY_METHOD = "ALL";

/**
 * The endpoint a request reaches, as the permission table names it ("PUT /api/posts/:id"): the first
 * route after this middleware registered for a method (a HEAD request reaches GET's), or undefined
 * when none matches (the API's 404 answers it).
 */
export function endpointOf(c: Context): string | undefined {
  const route = matchedRoutes(c)
    .slice(c.req.routeIndex + 1)
    .find((candidate) => candidate.method !== ANY_METHOD);
  return route && `${route.method} ${route.path}`;
}
