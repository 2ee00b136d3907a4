/**
 * Pure content rules shared by the public pages, the admin panel and the
 * server (docs/product.md §2–§5, §9). Isomorphic: no Node-only imports, no I/O, and no
 * function mutates its arguments.
 */
import { STOCK_FEATURE_IMAGE, STOCK_TEAM_IMAGE } from "./constants.ts";
import { SLUG_MAX_LENGTH } from "./post-slug.ts";
import { postPath } from "./public-pages.ts";
import type {
  AboutContent,
  AnswerEntry,
  BlogPost,
  HomeContent,
  Partner,
  PartnersContent,
  ServicesContent,
} from "./schemas.ts";

export { SLUG_MAX_LENGTH, isPostSlug } from "./post-slug.ts";
export { ctaTarget, type CtaTarget } from "./cta.ts";

export type ServiceItem = ServicesContent["services"][number];
export type HomeFeature = HomeContent["features"][number];
export type ClientLogo = HomeContent["clientLogos"][number];
export type TeamMember = AboutContent["team"][number];
export type CompanyValue = AboutContent["values"][number];
export type HomepageLogo = {
  name: string;
  logo: string;
  website: string;
  /** The logo's own alt text (issue 27), `lang: "en"` when shown in English on a page in another language. */
  alt?: { text: string; lang?: "en" };
};

/** The texts still in English on a page in another language, by document (none on an English page). */
interface EnglishTexts {
  partners?: readonly string[];
  home?: readonly string[];
}

/** docs/product.md §9: featured posts shown on the home page. */
export const FEATURED_POSTS_LIMIT = 3;
/** docs/product.md §9: reading speed used for "N min read". */
export const WORDS_PER_MINUTE = 200;
/** What a post's address can be: lowercase ASCII words joined by single "-" (what {@link postSlug} makes). */

type Dated = Pick<BlogPost, "date"> & { updatedAt?: string | undefined };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateKey(post: Dated): string {
  return typeof post.date === "string" && ISO_DATE.test(post.date) ? post.date : "";
}

function updatedKey(post: Dated): number {
  const time = typeof post.updatedAt === "string" ? Date.parse(post.updatedAt) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * The home logo strip (docs/product.md §3): partners that have a logo and whose
 * `showInHomepage` is not false, by placement. When there is no partners list
 * (no partners document, or one with no partners) it falls back to
 * `home.clientLogos`; entries without a logo are skipped there too.
 */
export function homepageLogos(
  partners: PartnersContent | undefined,
  home: HomeContent,
  english: EnglishTexts = {},
): HomepageLogo[] {
  const list = partners?.partners;
  const hasLogo = (logo: unknown): logo is string => typeof logo === "string" && logo.trim() !== "";
  const logoOf = (
    { name, logo, website, logoAlt }: { name: string; logo: string; website: string; logoAlt?: string | undefined },
    altPath: string,
    inEnglish: readonly string[] = [],
  ): HomepageLogo => ({
    name,
    logo,
    website,
    ...(logoAlt && { alt: { text: logoAlt, ...(inEnglish.includes(altPath) && { lang: "en" as const }) } }),
  });
  if (!list || list.length === 0) {
    return (home.clientLogos ?? [])
      .map((client, index) => ({ client, index }))
      .filter(({ client }) => hasLogo(client.logo))
      .map(({ client, index }) => logoOf(client, `clientLogos.${index}.logoAlt`, english.home));
  }
  // Each partner's alt text is found by its place in the stored list, before sorting.
  const withPlace = list.map((partner, index) => ({ ...partner, place: index }));
  return sortByPlacement(withPlace)
    .filter((partner) => hasLogo(partner.logo) && partner.showInHomepage !== false)
    .map((partner) => logoOf(partner, `partners.${partner.place}.logoAlt`, english.partners));
}

/** Number of whitespace-separated words in `text`. */
export function countWords(text: string): number {
  const trimmed = String(text ?? "").trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/**
 * "N min read": words / 200 rounded up, at least "1 min read" (docs/product.md §9).
 * Pass plain text (see `markupToPlainText`) so markup markers are not counted.
 */
export function readingTime(text: string): string {
  const minutes = Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE));
  return `${minutes} min read`;
}

/** Today's local calendar date as YYYY-MM-DD. */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Comma-separated features typed in the admin → trimmed entries, empties dropped (docs/product.md §5). */
export function parseFeatureList(text: string): string[] {
  return String(text ?? "")
    .split(",")
    .map((feature) => feature.trim())
    .filter((feature) => feature !== "");
}

/** Items ascending by `placementId`; ties keep their order, non-numeric ids go last. Returns a new array. */
export function sortByPlacement<T extends { placementId: number }>(items: readonly T[]): T[] {
  const key = (item: T) => (Number.isFinite(item.placementId) ? item.placementId : Number.POSITIVE_INFINITY);
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka === kb ? 0 : ka < kb ? -1 : 1;
  });
}

/** Copies of `items` in their current order with `placementId` rewritten to each index. */
export function renumber<T extends { placementId: number }>(items: readonly T[]): T[] {
  return items.map((item, index) => ({ ...item, placementId: index }));
}

/**
 * Moves the item at index `from` to index `to` (indices into `items` as
 * given, normally the sorted list the admin shows) and rewrites every
 * `placementId` to its new index (docs/product.md §4). `to` is clamped to the list; an
 * out-of-range `from` only renumbers. Returns new item objects.
 */
export function reorder<T extends { placementId: number }>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (Number.isInteger(from) && from >= 0 && from < next.length && Number.isFinite(to)) {
    const target = Math.min(Math.max(Math.trunc(to), 0), next.length - 1);
    const [moved] = next.splice(from, 1);
    next.splice(target, 0, moved as T);
  }
  return renumber(next);
}

function slugBase(title: string, maxLength = SLUG_MAX_LENGTH): string {
  const slug = String(title ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, Math.max(1, maxLength))
    .replace(/-+$/g, "");
  return slug === "" ? "post" : slug;
}

/** URL slug of a post title: lowercase ASCII words joined by "-", at most 80 characters, "post" when empty. */
export function postSlug(post: Pick<BlogPost, "title">): string {
  return slugBase(post.title);
}

/** At most this many former addresses are kept per post (oldest dropped first). */
export const FORMER_SLUGS_LIMIT = 20;

/** The `n`th address for a title: its slug, then "-2", "-3", … (kept within {@link SLUG_MAX_LENGTH}). */
export function numberedSlug(title: string, n: number): string {
  if (n <= 1) return slugBase(title);
  const suffix = `-${n}`;
  return `${slugBase(title, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
}

/** The first of a title's addresses ({@link numberedSlug}) that `taken` does not hold. */
export function firstFreeSlug(title: string, taken: (slug: string) => boolean): string {
  for (let n = 1; ; n++) {
    const slug = numberedSlug(title, n);
    if (!taken(slug)) return slug;
  }
}

/**
 * A post's former addresses after it moved from `previous` to `current`: the
 * old one is added (newest last, at most {@link FORMER_SLUGS_LIMIT}) and the
 * new one dropped, so links shared before a rename still find the post.
 */
export function nextFormerSlugs(formerSlugs: readonly string[], previous: string, current: string): string[] {
  const kept = [...formerSlugs, previous].filter((slug) => slug !== current);
  return [...new Set(kept.reverse())].reverse().slice(-FORMER_SLUGS_LIMIT);
}

/**
 * Unique slugs for a list of posts, aligned with the input order. Duplicates
 * get "-2", "-3", …; the suffixes go to newer posts (by date, then
 * updatedAt, then list position), so publishing a post never changes the
 * address of an older one and reordering the list changes nothing.
 */
export function postSlugs(posts: readonly (Pick<BlogPost, "title"> & Partial<Dated>)[]): string[] {
  const oldestFirst = posts
    .map((post, index) => ({ post, index }))
    .sort((a, b) => {
      const byDate = dateKey(a.post as Dated).localeCompare(dateKey(b.post as Dated));
      if (byDate !== 0) return byDate;
      const ua = updatedKey(a.post as Dated);
      const ub = updatedKey(b.post as Dated);
      return ua === ub ? a.index - b.index : ua < ub ? -1 : 1;
    });

  const taken = new Set<string>();
  const slugs: string[] = new Array<string>(posts.length);
  for (const { post, index } of oldestFirst) {
    let candidate = postSlug(post);
    for (let n = 2; taken.has(candidate); n += 1) {
      const suffix = `-${n}`;
      candidate = `${slugBase(post.title, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
    }
    taken.add(candidate);
    slugs[index] = candidate;
  }
  return slugs;
}

/** A new, empty service placed at the end of `list` (docs/product.md §3). */
export function newServiceDefaults(list: readonly unknown[]): ServiceItem {
  return { title: "", description: "", features: [], placementId: list.length };
}

/**
 * A new entry of the Answers placed at the end of `list`: its question `question` (the one a
 * visitor asked, from Conversations' "Add an answer"; empty from the Answers tab).
 */
export function newAnswerEntry(list: readonly unknown[], question = ""): AnswerEntry {
  return { question, otherWays: [], answer: "", placementId: list.length };
}

/** A new, empty blog post dated today, "1 min read", not featured, placed at the end of `list` (docs/product.md §3). */
export function newPostDefaults(list: readonly unknown[], now: Date = new Date()): BlogPost {
  return {
    title: "",
    excerpt: "",
    content: "",
    date: todayIsoDate(now),
    readTime: "1 min read",
    image: "",
    featured: false,
    placementId: list.length,
    updatedAt: now.toISOString(),
    status: "published",
  };
}

/** A new, empty partner shown on the homepage, placed at the end of `list` (docs/product.md §3). */
export function newPartnerDefaults(list: readonly unknown[]): Partner {
  return { name: "", description: "", logo: "", website: "", placementId: list.length, showInHomepage: true };
}

/** A new team member: empty fields and the stock placeholder portrait (docs/product.md §3). */
export function newTeamMember(): TeamMember {
  return { name: "", role: "", description: "", image: STOCK_TEAM_IMAGE };
}

/** A new home feature: empty text and the stock feature image (docs/product.md §3). */
export function newFeature(): HomeFeature {
  return { title: "", description: "", image: STOCK_FEATURE_IMAGE };
}

/** A new, empty company value for the About page. */
export function newValue(): CompanyValue {
  return { title: "", description: "" };
}

/**
 * Where a post draft is previewed: the stored post's address while the draft's
 * title still gives it (a numbered "-2" address stays), else the address the
 * draft's title gives. The admin opens the preview there, and the server tells
 * an open preview where its draft now is (the `preview` event's `path`).
 */
export function previewPostPath(
  stored: { slug: string; data: Pick<BlogPost, "title"> } | null | undefined,
  draft: Pick<BlogPost, "title">,
): string {
  return postPath(stored && postSlug(stored.data) === postSlug(draft) ? stored.slug : postSlug(draft));
}
