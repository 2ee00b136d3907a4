import type { Context } from "hono";
import type { AppLoadContext } from "react-router";
import type { VariantName } from "#content/landing-pages.ts";
import { localeOfPath, type Locale } from "#content/locales.ts";
import type { AppDeps } from "./assembly/deps.ts";
import { requestIdOf } from "./assembly/request-log.ts";
import type { AppBindings, SignedInUser } from "./http/context.ts";
import type { PagePreview } from "./previews/types.ts";

/** What every loader and action receives as `context` (set in server/app.ts). */
declare module "react-router" {
  interface AppLoadContext {
    deps: AppDeps;
    user: SignedInUser | null;
    /** The session's cookie token, for the gate's password check (server/auth/gate.ts). */
    sessionToken: string | undefined;
    clientIp: string;
    nonce: string | undefined;
    /** A render for the page cache: complete before it is sent, kept for every visitor. */
    cacheRender: boolean;
    /** The unsaved draft a signed-in admin asked to see (`?preview=<token>`), shown instead of the saved content. */
    preview: PagePreview | undefined;
    /** The request's `X-Request-Id` (server/assembly/request-log.ts): logged with a failed render, shown on its error page. */
    requestId: string | undefined;
    /** The language of the page asked for (content/locales.ts): its path's prefix. */
    locale: Locale;
    /**
     * The variant of a team page the page cache renders (issue 42: it keeps one answer per variant);
     * absent for any other render, where the page works out the visitor's.
     */
    variant?: VariantName | undefined;
  }
}

/**
 * The load context of page request `c` (the production server, server/app.ts, and the development
 * one, server/dev/dev-server.ts): who asks and from where, with what kind of render it is.
 */
export function loadContextOf(
  c: Context<AppBindings<AppDeps>>,
  render: Pick<AppLoadContext, "cacheRender" | "preview" | "nonce" | "variant">,
): AppLoadContext {
  return {
    deps: c.var.deps,
    user: c.var.user,
    sessionToken: c.var.sessionToken,
    clientIp: c.var.clientIp,
    requestId: requestIdOf(c),
    locale: localeOfPath(c.req.path),
    ...render,
  };
}
