import type { Env } from "#server/env.ts";

/**
 * The origin this site is served from: PUBLIC_URL's when set, else the one
 * the request was made to, else (no request at hand) localhost on PORT.
 * Every absolute address the site makes (links, sitemap, setup link, the
 * form-mail `_next`) and the same-origin check start from it.
 */
export function siteOrigin(env: Pick<Env, "PUBLIC_URL" | "PORT">, requestUrl?: string): string {
  return new URL(env.PUBLIC_URL ?? requestUrl ?? `http://localhost:${env.PORT}`).origin;
}

/** PUBLIC_URL's origin, or undefined when it is not set (the page cache then keys pages by Host). */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL">): string | undefined {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;
}

/** Whether the site is served over HTTPS (PUBLIC_URL says so): secure cookies and HSTS. */
export function servedOverHttps(env: Pick<Env, "PUBLIC_URL">): boolean {
  return env.PUBLIC_URL?.startsWith("https:") ?? false;
}
