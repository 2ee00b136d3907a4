import { DIRECT_SOURCE, type Device } from "#content/analytics.ts";

/** Longest source or campaign name kept (longer ones are cut). */
const NAME_MAX = 100;

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

const cleanName = (value: string | null) => {
  const name = value?.trim().toLowerCase().slice(0, NAME_MAX);
  return name || null;
};

/**
 * Where a visit came from: `utm_source` from the page's address when present,
 * else the referrer's host (only the host: never the path or query), else
 * "(direct)"; `utm_campaign` alongside. A page reached from the site itself (a
 * referrer on one of `ownHosts`, without `utm_source`) has no source: the
 * visitor's landing already counted it.
 */
export function sourceOf(
  url: string,
  referrer: string | undefined,
  ownHosts: readonly string[],
): { source: string | null; campaign: string | null } {
  const query = url.indexOf("?");
  const params = query === -1 ? undefined : new URLSearchParams(url.slice(query + 1));
  const utmSource = cleanName(params?.get("utm_source") ?? null);
  const campaign = cleanName(params?.get("utm_campaign") ?? null);
  if (utmSource) return { source: utmSource, campaign };
  let host: string | undefined;
  try {
    host = referrer ? new URL(referrer).hostname.toLowerCase() : undefined;
  } catch {
    host = undefined;
  }
  if (host && ownHosts.includes(host)) return { source: null, campaign: null };
  return { source: host ? host.replace(/^www\./, "").slice(0, NAME_MAX) : DIRECT_SOURCE, campaign };
}
