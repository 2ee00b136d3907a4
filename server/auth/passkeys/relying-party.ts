import { SITE_NAME } from "#content/constants.ts";
import type { Env } from "#server/env.ts";
import { siteOrigin } from "#server/lib/site-origin.ts";

/**
 * Who the passkeys are for (WebAuthn's "relying party"): the site's origin, PUBLIC_URL's when set,
 * else the one the request was made to (development and tests), as every absolute address the
 * site makes. The rpID is that origin's host name: a passkey made for it works on no other site,
 * and a browser's answer is accepted only from exactly that origin.
 */
export interface RelyingParty {
  rpID: string;
  rpName: string;
  origin: string;
}

export function relyingParty(env: Pick<Env, "PUBLIC_URL" | "PORT">, requestUrl: string): RelyingParty {
  const origin = siteOrigin(env, requestUrl);
  return { rpID: new URL(origin).hostname, rpName: SITE_NAME, origin };
}
