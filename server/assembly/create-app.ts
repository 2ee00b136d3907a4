import { postRoutes } from "#server/posts/routes.ts";
import { pageRoutes } from "#server/pages/routes.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Hono, type MiddlewareHandler, type Schema } from "hono";
import { bodyLimit } from "hono/body-limit";
import { except } from "hono/combine";
import { routePath } from "hono/route";
import type { AdminStatus } from "#content/admin-status.ts";
import { documents, privateDocumentKeys, sectionKeys } from "#content/sections.ts";
import { servedOverHttps } from "#server/lib/site-origin.ts";
import { aiRoutes } from "#server/ai/routes.ts";
import { accountRoutes } from "#server/auth/account-routes.ts";
import { invitationRoutes } from "#server/auth/invitations/routes.ts";
import { withSession } from "#server/auth/middleware.ts";
import { withTwoFactorRequirement } from "#server/auth/two-factor/enforcement.ts";
import { enforceGate } from "#server/auth/gate.ts";
import { twoFactorRoutes } from "#server/auth/two-factor/routes.ts";
import { passkeyRoutes } from "#server/auth/passkeys/routes.ts";
import { authRoutes } from "#server/auth/routes.ts";
import { sessionRoutes } from "#server/auth/session-routes.ts";
import { recordAudit } from "#server/audit/recorder.ts";
import { auditRoutes } from "#server/audit/routes.ts";
import { backupRoutes } from "#server/backup/routes.ts";
import { conversationRoutes } from "#server/chat/conversation-routes.ts";
import { chatRoutes } from "#server/chat/routes.ts";
import { inboxRoutes } from "#server/contact/routes.ts";
import { contentRoutes, privateDocumentRoutes } from "#server/content/routes.ts";
import { MAP_EMBED_HOSTS } from "#server/content/sanitize.ts";
import { eventRoutes } from "#server/events/routes.ts";
import { MissingImagesError } from "#server/media/references.ts";
import { mediaFileRoutes, mediaUploadRoutes } from "#server/media/routes.ts";
import { previewRoutes } from "#server/previews/routes.ts";
import type { AppBindings } from "#server/http/context.ts";
import {
  DATABASE_RETRY_AFTER_S,
  isDatabaseUnavailable,
  SERVER_BUSY,
  warnDatabaseUnavailable,
} from "#server/db/unavailable.ts";
import { jsonError } from "#server/http/errors.ts";
import { sameOriginOnly, withDeps } from "#server/http/middleware.ts";
import { securityHeaders } from "#server/http/security-headers.ts";
import type { AppDeps } from "./deps.ts";
import { noteRoute, requestIdOf } from "./request-log.ts";
import { insightsRoutes } from "#server/insights/routes.ts";
import { metricsRoutes } from "#server/metrics/routes.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

/** The app's bindings: all of its services on the context (server/http/context.ts). */
export type AssembledBindings = AppBindings<AppDeps>;

/**
 * A feature's router as the app mounts it. Each router declares the part of
 * the app's services it uses (its `AppBindings<…>`), and imports no more than
 * that: this compiles only when the app's deps give all of it.
 */
function feature<Deps, S extends Schema, BasePath extends string>(
  router: Hono<AppBindings<Deps>, S, BasePath>,
  ..._: AppDeps extends Deps ? [] : [error: "AppDeps lacks a service this router uses"]
): Hono<AssembledBindings, S, BasePath> {
  return router as unknown as Hono<AssembledBindings, S, BasePath>;
}

/** A feature's middleware as the app uses it, checked as {@link feature} checks a router. */
const middleware = <Deps>(handler: MiddlewareHandler<AppBindings<Deps>>, ..._: AppDeps extends Deps ? [] : [never]) =>
  handler as unknown as MiddlewareHandler<AssembledBindings>;

/** What the SSR server adds to the API: pages and static files. */
export interface SitePages {
  /** Mounts static files and page renders on the app, after the API. */
  mount(app: Hono<AssembledBindings>, deps: AppDeps): void;
  /**
   * Answers requests in the Node listener before the app (the page cache), or calls
   * `next` to pass one on. Made once the app exists, so that it can render through it.
   */
  front?(app: Hono<AssembledBindings>, deps: AppDeps): FrontHandler;
  /** React Router's route pattern for a page path it has a route for (logs and metrics: ./request-log.ts). */
  routeOf?(path: string): string | undefined;
  /** Sources added to the Content-Security-Policy: only `npm run dev` has any (server/dev/dev-server.ts). */
  csp?: { workerSrc: string[] };
}

export type FrontHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The Hono app: security headers, the request's deps and session, the API
 * (each feature's router), SSE, then whatever `pages` mounts (static files and SSR).
 */
export function createApp(deps: AppDeps, pages?: SitePages): Hono<AssembledBindings> {
  const app = new Hono<AssembledBindings>();

  app.use(noteRoute);

  app.use(securityHeaders({ frameHosts: MAP_EMBED_HOSTS, https: servedOverHttps(deps.env), csp: pages?.csp }));

  // Liveness: the process answers (a restart is the cure for its failing). Readiness: this
  // instance can serve (a balancer sends it nobody meanwhile), with the reason when not.
  // Before the session is looked up: a probe sent with a cookie reads nothing more.
  app.get("/healthz", (c) => c.json({ ok: true }));
  app.get("/readyz", async (c) => {
    const report = await deps.readiness.check();
    c.header("Cache-Control", "no-store");
    return c.json(report, report.ready ? 200 : 503);
  });

  // Prometheus' scrapes too: they need neither the deps on the context nor a session.
  if (deps.metrics && deps.env.METRICS_TOKEN)
    app.route("/metrics", metricsRoutes(deps.metrics, deps.env.METRICS_TOKEN));

  app.use(withDeps(deps));
  app.use(middleware(withSession));
  // An account whose role must use two-factor sign-in and has not set it up is marked (pages read it too).
  app.use(middleware(withTwoFactorRequirement));

  const api = new Hono<AssembledBindings>();
  api.use(middleware(sameOriginOnly));
  // Who may call each endpoint, the one gate of the API and the admin's pages (#content/access.ts):
  // the permission table's roles, the two-factor grace, and a recent password for sensitive actions.
  api.use(middleware(enforceGate));
  // The audit trail: what each endpoint did, recorded once it succeeded (server/audit/actions.ts).
  api.use(middleware(recordAudit));
  api.use(
    // The media library has its own limits, larger for uploads and replacements (server/media/routes.ts).
    except(
      ["/api/media", "/api/media/*"],
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
  api.route("/auth", feature(authRoutes));
  api.route("/auth", feature(twoFactorRoutes));
  api.route("/auth", feature(passkeyRoutes));
  api.route("/auth", feature(sessionRoutes));
  api.route("/content", feature(contentRoutes));
  api.route("/posts", feature(postRoutes));
  api.route("/pages", feature(pageRoutes));
  api.route("/previews", feature(previewRoutes));
  // The documents no page shows (AI settings, Answers), each at its own address for staff.
  for (const key of privateDocumentKeys)
    api.route(documents[key].api.slice("/api".length), feature(privateDocumentRoutes(key)));
  api.route("/events", feature(eventRoutes));
  api.get("/admin/status", async (c) => {
    const connected = await deps.store.ping().catch(() => false);
    return c.json({
      database: connected ? "connected" : "unavailable",
      contentLoaded: connected,
      sections: sectionKeys.length,
    } satisfies AdminStatus);
  });
  api.route("/chat", feature(chatRoutes));
  api.route("/", feature(aiRoutes));
  api.route("/messages", feature(inboxRoutes));
  api.route("/conversations", feature(conversationRoutes));
  api.route("/analytics", feature(insightsRoutes()));
  api.route("/accounts", feature(accountRoutes));
  api.route("/invitations", feature(invitationRoutes));
  api.route("/media", feature(mediaUploadRoutes));
  api.route("/backup", feature(backupRoutes));
  api.route("/audit", feature(auditRoutes));
  api.all("*", (c) => jsonError(c, 404, "No such API endpoint."));
  app.route("/api", api);
  app.route("/media", feature(mediaFileRoutes));

  // Pages' own forms (contact, admin) are protected the same way.
  app.use(middleware(sameOriginOnly));
  pages?.mount(app, deps);

  // The request's id is in the answer, so that what a user reports leads to the log line.
  app.onError((error, c) => {
    const requestId = requestIdOf(c);
    // A save naming an image not in the library: thrown inside its transaction, so nothing was stored.
    if (error instanceof MissingImagesError && c.req.path.startsWith("/api/"))
      return jsonError(c, 400, error.message, { issues: error.issues });
    if (isDatabaseUnavailable(error)) {
      // Passes by itself (a restart, a failover, every connection busy): "try again", not a bug.
      // The request's own log line (./request-log.ts, same requestId) says which it was.
      warnDatabaseUnavailable(deps.logger, error, requestId);
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_S));
      return c.req.path.startsWith("/api/")
        ? jsonError(c, 503, SERVER_BUSY, { requestId })
        : c.text(`Service Unavailable${requestId ? ` (request ${requestId})` : ""}`, 503);
    }
    deps.logger.error("request failed", {
      event: "request-failed",
      requestId,
      route: routePath(c),
      error: error.stack ?? String(error),
    });
    return c.req.path.startsWith("/api/")
      ? jsonError(c, 500, "Something went wrong on the server.", { requestId })
      : c.text(`Internal Server Error${requestId ? ` (request ${requestId})` : ""}`, 500);
  });
  return app;
}
