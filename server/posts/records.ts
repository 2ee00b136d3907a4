import { setTimeout as sleep } from "node:timers/promises";
import type { Selectable } from "kysely";
import type { z } from "zod";
import type { AsStored, PostIssue, PostRecord } from "#content/posts.ts";
import { blogPostSchema, type BlogPost } from "#content/schemas.ts";
import { revisionTable } from "#server/records/revision-table.ts";
import type { PostTables } from "./types.ts";

// What the posts' writes (./post-writes.ts), their read model (./read-model.ts) and the translation
// store (./translation-store.ts) share: reading stored posts, where their versions are kept, and
// saves that race for an address.

export type PostRow = Selectable<PostTables["posts"]>;

/** A post's versions, and each of its translations' (migrations 0004-posts, 0014-post-translations). */
export const postRevisions = revisionTable<PostTables, "post_revisions">({
  table: "post_revisions",
  record: "post_id",
});
export const postTranslationRevisions = revisionTable<PostTables, "post_translation_revisions">({
  table: "post_translation_revisions",
  record: "post_id",
  locale: "locale",
});

export const issuesOf = (error: z.ZodError): PostIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Stored JSON, or the text itself when it is none (a row written by hand). */
export function parsedJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/**
 * Stored post data as its schema reads it; or, when the schema refuses it (stored before a rule
 * tightened, or written into the database by hand), as stored, with what is wrong.
 */
export function readData(json: string): { data: BlogPost } | { data: unknown; issues: PostIssue[] } {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return { data: json, issues: [{ path: "", message: "What is stored is not JSON." }] };
  }
  const parsed = blogPostSchema.safeParse(stored);
  return parsed.success ? { data: parsed.data } : { data: stored, issues: issuesOf(parsed.error) };
}

export const isReadable = <T extends { data: BlogPost }>(post: AsStored<T>): post is T => !("issues" in post);

/** A post's row as the admin reads it: its data checked, or as stored with what is wrong (content/posts.ts). */
export function toStored(row: PostRow): AsStored<PostRecord> {
  return {
    id: row.id,
    version: row.version,
    slug: row.slug,
    ...readData(row.data),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** `%word%` for LIKE, with LIKE's own characters escaped by "\". */
export const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type DriverError = { code?: unknown; constraint?: unknown; message?: unknown } | null;

/** A unique-constraint failure: the save is tried again. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as DriverError)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * A unique index on an address refused it: another save took it first (`posts.slug`, or a
 * translation's address in its language, `post_translations_slug`).
 */
function isSlugTaken(error: unknown): boolean {
  const { code, constraint, message } = (error as DriverError) ?? {};
  if (code === "23505") return constraint === "posts_slug_key" || constraint === "post_translations_slug";
  return (
    code === "SQLITE_CONSTRAINT_UNIQUE" &&
    typeof message === "string" &&
    (/\bposts\.slug\b/.test(message) || message.includes("post_translations.slug"))
  );
}

/**
 * Attempts at a save whose address was taken meanwhile. A save loses only to one that chose the
 * same address and committed, so it loses at most once per other save of that title under way:
 * enough for many more saves of one title at once than an agency's admins make.
 */
const SLUG_ATTEMPTS = 50;

/**
 * Runs `run` (a whole transaction) again when a unique index refuses what it wrote: a new
 * transaction, since PostgreSQL aborts the one that failed. A taken address is settled by the
 * index and the loser takes the next free one: PostgreSQL makes the loser's insert wait for
 * the winner's commit before failing it, so the next attempt reads the winner's address. The
 * losers of one race would all read the same next address again, so each waits a few random
 * milliseconds first, spreading them out. Any other unique violation is tried twice more.
 */
export async function retryOnUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const slugTaken = isSlugTaken(error);
      if (attempt >= (slugTaken ? SLUG_ATTEMPTS : 3)) throw error;
      if (slugTaken) await sleep(Math.random() * Math.min(2 ** attempt, 50));
    }
  }
}
