import type { IncomingMessage, ServerResponse } from "node:http";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { except } from "hono/combine";
import { compress } from "hono/compress";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { sectionKeys } from "#content/sections.ts";
import { MAP_EMBED_HOSTS } from "#server/content/sanitize.ts";
import type { AppBindings, AppDeps } from "./context.ts";
import { authRoutes } from "./auth-routes.ts";
import { aiSettingsRoutes, contentRoutes } from "./content-routes.ts";
import { eventRoutes } from "./event-routes.ts";
import { aiRoutes } from "#server/ai/routes.ts";
import { jsonError } from "./errors.ts";
import { requireAdmin, sameOriginOnly, withDeps } from "./middleware.ts";
import { inboxRoutes } from "#server/contact/inbox-routes.ts";
import { accountRoutes } from "#server/accounts/account-routes.ts";
import { mediaFileRoutes, mediaUploadRoutes } from "#server/media/media-routes.ts";
import { backupRoutes } from "#server/backup/backup-routes.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

/** What the SSR server adds to the API: pages and static files. */
export interface SitePages {
  /** Mounts static files and page renders on the app, after the API. */
  mount(app: Hono<AppBindings>, deps: AppDeps): void;
  /**
   * Answers requests in the Node listener before the app (the page cache), or calls
   * `next` to pass one on. Made once the app exists, so that it can render through it.
   */
  front?(app: Hono<AppBindings>, deps: AppDeps): FrontHandler;
  /** Sources added to the Content-Security-Policy: only `npm run dev` has any (server/dev/dev-server.ts). */
  csp?: { workerSrc: string[] };
}

export type FrontHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The Hono app: security headers, API, SSE, then whatever `pages` mounts (static files and SSR). */
export function createApp(deps: AppDeps, pages?: SitePages): Hono<AppBindings> {
  const app = new Hono<AppBindings>();

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", NONCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: MAP_EMBED_HOSTS.map((host) => `https://${host}`),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...pages?.csp,
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: deps.env.PUBLIC_URL?.startsWith("https:") ? "max-age=15552000; includeSubDomains" : false,
    }),
  );
  app.use(withDeps(deps));
  app.use(compress());

  app.get("/healthz", async (c) => {
    const ok = await deps.store.ping().catch(() => false);
    return c.json({ ok }, ok ? 200 : 503);
  });

  const api = new Hono<AppBindings>();
  api.use(sameOriginOnly);
  api.use(
    // Image uploads have their own, larger limit (server/media/media-routes.ts).
    except(
      "/api/media",
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) => {
          // The unread rest of the body makes the connection unusable for another request.
          c.header("Connection", "close");
          return jsonError(c, 413, "The request is too large (the limit is 1 MB).");
        },
      }),
    ),
  );
  api.route("/auth", authRoutes);
  api.route("/content", contentRoutes);
  api.route("/ai-settings", aiSettingsRoutes);
  api.route("/events", eventRoutes);
  api.get("/admin/status", requireAdmin, async (c) => {
    const connected = await deps.store.ping().catch(() => false);
    return c.json({ database: connected ? "connected" : "unavailable", contentLoaded: connected, sections: sectionKeys.length });
  });
  api.route("/", aiRoutes);
  api.route("/messages", inboxRoutes);
  api.route("/accounts", accountRoutes);
  api.route("/media", mediaUploadRoutes);
  api.route("/backup", backupRoutes);
  api.all("*", (c) => jsonError(c, 404, "No such API endpoint."));
  app.route("/api", api);
  app.route("/media", mediaFileRoutes);

  // Pages' own forms (contact, admin) are protected the same way.
  app.use(sameOriginOnly);
  pages?.mount(app, deps);

  app.onError((error, c) => {
    deps.logger.error("request failed", { path: c.req.path, error: error.stack ?? String(error) });
    return c.req.path.startsWith("/api/") ? jsonError(c, 500, "Something went wrong on the server.") : c.text("Internal Server Error", 500);
  });
  return app;
}
