import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { Context } from "hono";
import { accessTo, roleRefusal } from "#content/roles.ts";
import type { AppBindings } from "./context.ts";
import { jsonError } from "./errors.ts";

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

/**
 * Enforces the one permission table (#content/roles.ts) on every API request, before the
 * feature's own handler: so no route file repeats who may call it, and an endpoint missing from
 * the table is refused to all but Administrators. The role is the users table's, read with the
 * session on this request (server/auth/store.ts): a changed role counts from the next request.
 */
export const enforcePermissions = createMiddleware<AppBindings>(async (c, next) => {
  const endpoint = endpointOf(c);
  if (endpoint === undefined) return next();
  const access = accessTo(endpoint);
  if (access === "everyone") return next();
  const user = c.var.user;
  if (!user) return jsonError(c, 401, "Please sign in to the admin panel.");
  if (!access.includes(user.role)) return jsonError(c, 403, roleRefusal(user.role));
  await next();
});
