import type { VariantName } from "#content/landing-pages.ts";
import { variantFor } from "#content/landing-variant.ts";
import type { LiveEvent } from "#content/live-events.ts";
import type { Locale } from "#content/locales.ts";
import { publicPage } from "#content/public-pages.ts";

/** Team pages whose split is remembered at most (made-up addresses included: each is one small entry). */
const KEPT = 1_000;

export interface VariantSplitOptions {
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** The id of the public team page at `address` in `locale` when it has a variant B, else undefined. */
  pageWithVariant(address: string, locale: Locale): Promise<string | undefined>;
}

/**
 * Which variant of a team page (issue 42) a visitor gets, for the page cache's key (before it looks
 * a page up) and the page's own loader alike: `variantFor` of the visitor's key of the day and the
 * page's id, for a page with a variant B; undefined for every other page, at once (no lookup, no
 * promise) for any address that is not a team page's. Whether a page has a variant B is remembered
 * until the next save of a team page, so a cache hit costs no database query.
 */
export function createVariantSplit({ subscribe, pageWithVariant }: VariantSplitOptions) {
  let known = new Map<string, Promise<string | undefined>>();
  subscribe((event) => {
    if (event.type === "page") known = new Map();
  });
  const pageIdAt = (path: string, address: string, locale: Locale) => {
    let id = known.get(path);
    if (!id) {
      if (known.size >= KEPT) known = new Map();
      id = pageWithVariant(address, locale);
      // A failure is not remembered: the next visitor asks again.
      id.catch(() => known.delete(path));
      known.set(path, id);
    }
    return id;
  };
  return (page: string, visitorKey: () => Promise<string>): Promise<VariantName | undefined> | undefined => {
    const found = publicPage(page);
    if (found?.route !== "landing") return undefined;
    return pageIdAt(found.path, found.address, found.locale).then(async (id) =>
      id === undefined ? undefined : variantFor(await visitorKey(), id),
    );
  };
}
