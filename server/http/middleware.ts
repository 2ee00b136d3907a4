import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import type { Env } from "#server/env.ts";
import { siteOrigin } from "#server/lib/site-origin.ts";
import type { AppBindings } from "./context.ts";
import { jsonError } from "./errors.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The visitor's address: the socket's peer, or with `trustedProxies` > 0 the
 * address that many hops from the right of X-Forwarded-For (each proxy appends
 * the address it received from, so entries further left could be forged by
 * the client). Throttles are counted per this address.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: number,
): string {
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const client = hops[hops.length - trustedProxies];
    if (client) return client;
  }
  return peer ?? "unknown";
}

/** Puts the deps and the client address on the context. */
export const withDeps = <Deps extends { env: Pick<Env, "TRUST_PROXY"> }>(deps: Deps) =>
  createMiddleware<AppBindings<Deps>>(async (c, next) => {
    c.set("deps", deps);
    let peer: string | undefined;
    try {
      peer = getConnInfo(c).remote.address;
    } catch {
      // Requests made in-process (tests, app.request) have no socket.
    }
    c.set("clientIp", clientAddress(peer, c.req.header("x-forwarded-for"), deps.env.TRUST_PROXY));
    await next();
  });

/**
 * Refuses state-changing requests sent by another site (403). Browsers always
 * send Origin on such requests; tools that send none are let through, since
 * they cannot carry a victim's cookies.
 */
export const sameOriginOnly = createMiddleware<AppBindings<{ env: Pick<Env, "PUBLIC_URL" | "PORT"> }>>(
  async (c, next) => {
    if (UNSAFE.has(c.req.method)) {
      const origin = c.req.header("origin");
      const fetchSite = c.req.header("sec-fetch-site");
      const expected = siteOrigin(c.var.deps.env, c.req.url);
      const hostOrigin = new URL(c.req.url).origin;
      if ((origin && origin !== expected && origin !== hostOrigin) || fetchSite === "cross-site") {
        return jsonError(c, 403, "This request came from another site and was refused.");
      }
    }
    await next();
  },
);
