import { z } from "zod";
import type { TranslatedLocale } from "#content/locales.ts";
import type { PostIssue, PostSummary, PostTextField } from "#content/posts.ts";
import { blogPostSchema } from "#content/schemas.ts";
import { isObject, issuesOf, type PostRow } from "./records.ts";

// A post's card (its summary) as lists show it, from the columns a list reads: in English, and
// in a language from a query joining the post's translation (alias `t`). Lists never read bodies.

/** The columns a card is made of (its texts are in `summary`). */
export const SUMMARY_COLUMNS = [
  "id",
  "version",
  "slug",
  "title",
  "date",
  "featured",
  "status",
  "publish_at",
  "summary",
  "updated_at",
  "updated_by",
] as const;

export type SummaryRow = Pick<PostRow, (typeof SUMMARY_COLUMNS)[number]>;

const { shape } = blogPostSchema;
/** A card's fields (the summary column) as the post's own schema checks them. */
const summarySchema = z.object({
  title: shape.title,
  excerpt: shape.excerpt,
  date: shape.date,
  readTime: shape.readTime,
  image: shape.image,
  imageAlt: shape.imageAlt,
  featured: shape.featured,
  status: shape.status,
  publishAt: shape.publishAt.unwrap().nullable(),
  postUpdatedAt: shape.updatedAt.unwrap().nullable(),
  review: shape.review,
});

/**
 * A post's card, or, when its stored summary fails the post's schema, a card made of what can
 * be shown safely (its columns and the texts stored) with what is wrong: the admin's list still
 * shows it, to open and fix; public lists leave it out.
 */
export function toSummary(row: SummaryRow): { summary: PostSummary; issues?: PostIssue[] } {
  let stored: unknown;
  try {
    stored = JSON.parse(row.summary);
  } catch {
    stored = undefined;
  }
  const fields = isObject(stored) ? stored : {};
  const record = { id: row.id, version: row.version, slug: row.slug };
  const changed = { updatedAt: row.updated_at, updatedBy: row.updated_by };
  // Summaries written before drafts existed are of published posts; those before 0011 have no own time.
  const parsed = summarySchema.safeParse({ status: "published", publishAt: null, postUpdatedAt: null, ...fields });
  if (parsed.success) return { summary: { ...record, ...parsed.data, ...changed } };
  const text = (key: string, otherwise = "") => (typeof fields[key] === "string" ? fields[key] : otherwise);
  const summary: PostSummary = {
    ...record,
    title: text("title", row.title),
    excerpt: text("excerpt"),
    date: row.date,
    readTime: text("readTime"),
    image: "",
    featured: row.featured === 1,
    status: row.status === "draft" ? "draft" : "published",
    publishAt: row.publish_at,
    postUpdatedAt: null,
    ...changed,
  };
  return { summary, issues: issuesOf(parsed.error) };
}

/** A card's columns of the English post, from a query that joins its translation. */
export const JOINED_SUMMARY_COLUMNS = SUMMARY_COLUMNS.map((column) => `posts.${column}` as const);

/** What a card in a language takes from the translation (`t_` in a joined query). */
export const TRANSLATION_CARD_COLUMNS = [
  "t.version as t_version",
  "t.slug as t_slug",
  "t.title as t_title",
  "t.excerpt as t_excerpt",
  "t.image_alt as t_image_alt",
  "t.status as t_status",
  "t.publish_at as t_publish_at",
  "t.review as t_review",
  "t.updated_at as t_updated_at",
  "t.updated_by as t_updated_by",
] as const;

export interface TranslationCard {
  t_version: number;
  t_slug: string;
  t_title: string;
  t_excerpt: string;
  t_image_alt: string;
  t_status: string;
  t_publish_at: string | null;
  t_review: number;
  t_updated_at: string;
  t_updated_by: string | null;
}

/** Of two records' changes, the later one: what a page in a language shows changes with either. */
export const laterChange = (a: { at: string; by: string | null }, b: { at: string; by: string | null }) =>
  b.at > a.at ? { updatedAt: b.at, updatedBy: b.by } : { updatedAt: a.at, updatedBy: a.by };

/** An English card in `locale`: the translation's texts (English where it has none), status, address and version. */
export function localizedSummary(summary: PostSummary, card: TranslationCard, locale: TranslatedLocale): PostSummary {
  const english: PostTextField[] = [];
  const text = (field: "title" | "excerpt" | "imageAlt", translated: string) => {
    // An empty English text has nothing to translate (./translation.ts).
    if (!summary[field]) return "";
    if (translated !== "") return translated;
    english.push(field);
    return summary[field];
  };
  const { review: _english, imageAlt: _imageAlt, ...rest } = summary;
  const imageAlt = text("imageAlt", card.t_image_alt);
  return {
    ...rest,
    version: card.t_version,
    slug: card.t_slug,
    title: text("title", card.t_title),
    excerpt: text("excerpt", card.t_excerpt),
    ...(imageAlt && { imageAlt }),
    status: card.t_status === "draft" ? "draft" : "published",
    publishAt: card.t_publish_at,
    ...(card.t_review === 1 && { review: true }),
    ...laterChange({ at: summary.updatedAt, by: summary.updatedBy }, { at: card.t_updated_at, by: card.t_updated_by }),
    locale,
    english,
  };
}

/** A card in the admin's list in `locale` for a post with no translation there: English, a draft, version 0. */
export function untranslatedSummary(summary: PostSummary, locale: TranslatedLocale): PostSummary {
  const english = (["title", "excerpt", "imageAlt"] as const).filter((field) => summary[field]);
  const { review: _english, ...rest } = summary;
  return { ...rest, version: 0, status: "draft", publishAt: null, locale, translated: false, english };
}
