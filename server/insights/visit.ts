import { DIRECT_SOURCE, OTHER_SOURCE, type Device } from "#content/insights.ts";

/** A `utm_source` or `utm_campaign` kept as it is (lowercased): a short token of letters, digits, `-`, `_` and `.`. */
const TAG = /^[a-z0-9._-]{1,40}$/;
/** A referrer's host kept as it is: a host name or an IPv4 address. */
const HOST = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;
const HOST_MAX = 100;

/**
 * Why a request is not counted, read from its headers alone (cheap enough for
 * every cached page): the visitor asked not to be tracked (`DNT: 1`, Global
 * Privacy Control `Sec-GPC: 1`), or the browser is fetching the page ahead of
 * a click that may never come (a prefetch or prerender). Bots are told apart
 * later, off the request path (./recorder.ts).
 */
export function optedOut(header: (name: string) => string | undefined): boolean {
  if (header("dnt") === "1" || header("sec-gpc") === "1") return true;
  const purpose = header("sec-purpose") ?? header("purpose") ?? header("x-purpose") ?? header("x-moz");
  return purpose !== undefined && /prefetch|prerender|preview/i.test(purpose);
}

/**
 * The kind of device a user agent names: tablets first (iPads, Android
 * without "Mobile", Kindle/Silk, "Tablet"), then phones ("Mobi", iPhone,
 * Android, other handsets), else desktop. iPads that present themselves as a
 * Mac count as desktops: the user agent cannot tell them apart.
 */
export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobi)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|BlackBerry|BB10|IEMobile|Opera Mini|Windows Phone/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** A tag from the address (`utm_source`, `utm_campaign`), lowercased; "(other)" when it is not a short token. */
const tagOf = (value: string | null) => {
  const tag = value?.trim().toLowerCase();
  if (!tag) return null;
  return TAG.test(tag) ? tag : OTHER_SOURCE;
};

/**
 * Where a visit came from: `utm_source` from the page's address when present,
 * else the referrer's host (only the host: never the path or query), else
 * "(direct)"; `utm_campaign` alongside. Visitors write all of these: a tag
 * that is not a short token, or a host that is not a host name, is "(other)",
 * so that Insights show names, never markup or prose a visitor sent. A page
 * reached from the site itself (a referrer on one of `ownHosts`, without
 * `utm_source`) has no source: the visitor's landing already counted it.
 */
export function sourceOf(
  url: string,
  referrer: string | undefined,
  ownHosts: readonly string[],
): { source: string | null; campaign: string | null } {
  const query = url.indexOf("?");
  const params = query === -1 ? undefined : new URLSearchParams(url.slice(query + 1));
  const utmSource = tagOf(params?.get("utm_source") ?? null);
  const campaign = tagOf(params?.get("utm_campaign") ?? null);
  if (utmSource) return { source: utmSource, campaign };
  let host: string | undefined;
  try {
    host = referrer ? new URL(referrer).hostname.toLowerCase() : undefined;
  } catch {
    host = undefined;
  }
  if (host && ownHosts.includes(host)) return { source: null, campaign: null };
  if (!host) return { source: DIRECT_SOURCE, campaign };
  const name = host.replace(/^www\./, "");
  return { source: name.length <= HOST_MAX && HOST.test(name) ? name : OTHER_SOURCE, campaign };
}
