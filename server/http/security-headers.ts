import { NONCE, secureHeaders } from "hono/secure-headers";

/**
 * Security headers on every answer: a Content-Security-Policy with a
 * per-response script nonce (the page cache swaps it for script hashes:
 * server/page-cache/script-hashes.ts), frames only from `frameHosts`, and
 * HSTS when the site is served over HTTPS. `csp` adds directives (dev mode
 * adds `worker-src` for Vite's client; production adds none).
 */
export function securityHeaders({
  frameHosts,
  https,
  csp,
}: {
  frameHosts: readonly string[];
  https: boolean;
  csp?: { workerSrc: string[] };
}) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      frameSrc: frameHosts.map((host) => `https://${host}`),
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...csp,
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: https ? "max-age=15552000; includeSubDomains" : false,
  });
}
