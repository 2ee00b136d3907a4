import { sql, type Selectable } from "kysely";
import { landingPageSchema, type LandingPage } from "#content/landing-page-schema.ts";
import { inReview } from "#content/post-status.ts";
import type { PostIssue } from "#content/posts.ts";
import { issuesOf, isUniqueViolation, parsedJson } from "#server/posts/records.ts";
import { revisionTable } from "#server/records/revision-table.ts";
import type { LandingPageTables, StoredLandingPage } from "./types.ts";

// What the pages' writes (./writes.ts), translations (./translation-store.ts) and read model
// (./read-model.ts) share: reading stored pages, the columns a page's data fills, where their
// versions are kept, and the one test of "public now".

export type PageRow = Selectable<LandingPageTables["landing_pages"]>;

/** A page's versions, and each of its translations' (migration 0032-landing-pages). */
export const pageRevisions = revisionTable<LandingPageTables, "landing_page_revisions">({
  table: "landing_page_revisions",
  record: "page_id",
});
export const pageTranslationRevisions = revisionTable<LandingPageTables, "landing_page_translation_revisions">({
  table: "landing_page_translation_revisions",
  record: "page_id",
  locale: "locale",
});

/** Stored page data as its schema reads it, or as stored with what is wrong. */
export function readPage(json: string): { data: LandingPage } | { data: unknown; issues: PostIssue[] } {
  const stored = parsedJson(json);
  if (typeof stored === "string")
    return { data: stored, issues: [{ path: "", message: "What is stored is not JSON." }] };
  const parsed = landingPageSchema.safeParse(stored);
  return parsed.success ? { data: parsed.data } : { data: stored, issues: issuesOf(parsed.error) };
}

/** Whether a stored record (a page, a translation, a revision) is as its schema reads it. */
export const isReadablePage = <T extends { data: unknown }>(record: T): record is Exclude<T, { issues: PostIssue[] }> =>
  !("issues" in record);

/** A page's row as the admin reads it. */
export function toStored(row: PageRow): StoredLandingPage {
  return {
    id: row.id,
    version: row.version,
    ...(readPage(row.data) as { data: LandingPage }),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** A publish time as stored: UTC ISO text, so text order is time order on both databases. */
export const storedTime = (time: string | undefined) => (time ? new Date(time).toISOString() : null);

/** The columns that follow from a page's data. */
export function pageColumns(data: LandingPage) {
  return {
    path: data.path,
    title: data.title,
    status: data.status,
    publish_at: storedTime(data.publishAt),
    review: inReview(data) ? 1 : 0,
    noindex: data.noindex ? 1 : 0,
    has_variant: data.variants.length > 0 ? 1 : 0,
    data: JSON.stringify(data),
  };
}

/** Published and its publish time come at `now`, for the rows of `table` (as the query names it). */
export const liveAt = (table: "landing_pages" | "landing_page_translations", now: Date) =>
  sql<boolean>`${sql.ref(`${table}.status`)} = 'published' and (${sql.ref(`${table}.publish_at`)} is null or ${sql.ref(`${table}.publish_at`)} <= ${now.toISOString()})`;

type DriverError = { code?: unknown; constraint?: unknown; message?: unknown } | null;

/** The unique index on a page's address refused a write: another page took it meanwhile. */
export function isPathTaken(error: unknown): boolean {
  const { code, constraint, message } = (error as DriverError) ?? {};
  if (code === "23505") return constraint === "landing_pages_path_key";
  return code === "SQLITE_CONSTRAINT_UNIQUE" && typeof message === "string" && message.includes("landing_pages.path");
}

export { isUniqueViolation, parsedJson };
