import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { inReview } from "#content/post-status.ts";
import type { AsStored } from "#content/posts.ts";
import { SLUG_MAX_LENGTH, firstFreeSlug, isPostSlug, nextFormerSlugs, postSlug } from "#content/rules.ts";
import { blogPostSchema, type BlogPost } from "#content/schemas.ts";
import type { Actor } from "#content/documents.ts";
import type { ImageCheck } from "#server/media/references.ts";
import {
  isObject,
  isReadable,
  postRevisions,
  readData,
  retryOnUniqueViolation,
  toStored,
  type PostRow,
} from "./records.ts";
import type { PostRecord, PostRevision, PostTables, PostWrites } from "./types.ts";

type Db = Kysely<PostTables> | Transaction<PostTables>;

export const newPostId = () => randomBytes(9).toString("base64url");

/**
 * A post's own time as UTC ISO text, so text order is time order: its `updatedAt` (the Blog tab
 * sets it), else when it is published (`publishAt`), else when its record was created (posts
 * sent through the API often have neither).
 */
function sortTime(data: BlogPost, createdAt: string): string {
  const own = [data.updatedAt, data.publishAt].find((time) => time && !Number.isNaN(Date.parse(time)));
  return new Date(own ?? createdAt).toISOString();
}

let lastCreated = 0;

/**
 * Now, and later than every post this process created before: posts written in one
 * millisecond still sort newest first by their creation time.
 */
function creationTime(): string {
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  return new Date(lastCreated).toISOString();
}

/** The searchable words of a post: its title and excerpt, lower-cased in JavaScript (so both databases match alike). */
const searchText = (data: BlogPost) => `${data.title}\n${data.excerpt}`.toLowerCase();

/** The columns that follow from a post's data (and when its record was created). */
function columnsOf(data: BlogPost, createdAt: string) {
  const summary = {
    title: data.title,
    excerpt: data.excerpt,
    date: data.date,
    readTime: data.readTime,
    image: data.image,
    ...(data.imageAlt && { imageAlt: data.imageAlt }),
    featured: data.featured,
    status: data.status,
    publishAt: data.publishAt ?? null,
    postUpdatedAt: data.updatedAt ?? null,
    ...(inReview(data) && { review: true }),
  };
  return {
    title: data.title,
    search: searchText(data),
    date: data.date,
    sort_updated: sortTime(data, createdAt),
    featured: data.featured ? 1 : 0,
    status: data.status,
    publish_at: data.publishAt ? new Date(data.publishAt).toISOString() : null,
    review: inReview(data) ? 1 : 0,
    summary: JSON.stringify(summary),
    data: JSON.stringify(data),
  };
}

/**
 * The post's fields in the schema's order with its former addresses as the
 * store keeps them: a reader parsing the stored JSON gets the very same object.
 */
function withFormerSlugs(data: BlogPost, formerSlugs: readonly string[]): BlogPost {
  const { formerSlugs: _sent, ...rest } = data;
  const post = formerSlugs.length > 0 ? { ...rest, formerSlugs: [...formerSlugs] } : rest;
  return Object.fromEntries(
    Object.keys(blogPostSchema.shape)
      .filter((field) => field in post)
      .map((field) => [field, post[field as keyof typeof post]]),
  ) as unknown as BlogPost;
}

/** The former addresses a save keeps from the version it replaces (whatever else is wrong with it). */
function formerSlugsOf(row: PostRow): string[] {
  const read = readData(row.data);
  if (isReadable<{ data: BlogPost }>(read)) return read.data.formerSlugs ?? [];
  const stored = isObject(read.data) ? read.data["formerSlugs"] : undefined;
  return Array.isArray(stored)
    ? stored.filter((slug): slug is string => typeof slug === "string" && isPostSlug(slug))
    : [];
}

/** The free address for `title`, for post `id` (its own address counts as free). */
async function freeSlug(trx: Db, id: string, title: string): Promise<string> {
  const base = postSlug({ title });
  const rows = await trx
    .selectFrom("posts")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base.slice(0, SLUG_MAX_LENGTH - 8)}%`)]))
    .where("id", "!=", id)
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  return firstFreeSlug(title, (slug) => taken.has(slug));
}

/** Former addresses answer with a redirect: one row per address, the latest owner wins. */
async function keepAddresses(trx: Db, id: string, formerSlugs: readonly string[]) {
  await trx.deleteFrom("post_addresses").where("post_id", "=", id).execute();
  for (const slug of formerSlugs) {
    await trx
      .insertInto("post_addresses")
      .values({ slug, post_id: id })
      .onConflict((oc) => oc.column("slug").doUpdateSet({ post_id: id }))
      .execute();
  }
}

export interface NewPostOptions {
  id?: string;
  /** The address to use (moving posts in keeps the ones they had); else made from the title. */
  slug?: string;
  restoredFrom?: number;
  /** When it was written (moving posts in keeps their time); else now. */
  at?: string;
  /** The id of the account that writes it. */
  createdBy?: number;
}

/**
 * Writes a new post record (version 1, or the next after an earlier record of
 * the same id whose revisions remain) and its first revision, inside `trx`.
 */
export async function insertPost(trx: Db, data: BlogPost, actor: Actor, options: NewPostOptions = {}) {
  const id = options.id ?? newPostId();
  const at = options.at ?? creationTime();
  const slug = options.slug ?? (await freeSlug(trx, id, data.title));
  const post = withFormerSlugs(
    data,
    (data.formerSlugs ?? []).filter((former) => former !== slug),
  );
  const version = await postRevisions.nextVersion(trx, { id });
  const position = await trx
    .selectFrom("posts")
    .select((eb) => eb.fn.max("position").as("position"))
    .executeTakeFirst();
  const columns = columnsOf(post, at);
  await trx
    .insertInto("posts")
    .values({
      id,
      version,
      slug,
      ...columns,
      position: Number(position?.position ?? -1) + 1,
      created_at: at,
      updated_at: at,
      updated_by: actor,
      created_by: options.createdBy ?? null,
    })
    .execute();
  await postRevisions.add(
    trx,
    { id },
    { version, data: columns.data, at, by: actor, restoredFrom: options.restoredFrom },
  );
  await keepAddresses(trx, id, post.formerSlugs ?? []);
  const record: PostRecord = { id, version, slug, data: post, updatedAt: at, updatedBy: actor };
  return record;
}

/**
 * Gives posts stored without a time of their own to sort by ("", as every post without an
 * `updatedAt` was before migration 0011-post-sort-time) their publish or creation time, as that
 * migration did: for a backup taken before it, restored after.
 */
export async function fillSortTimes(db: Db): Promise<void> {
  await db
    .updateTable("posts")
    .set((eb) => ({ sort_updated: eb.fn.coalesce("publish_at", "created_at") }))
    .where("sort_updated", "=", "")
    .execute();
}

/**
 * What changes a post (migration 0004-posts): a save is a compare-and-set on the version, in one
 * transaction with its revision and addresses; its revisions, and who created it.
 */
export function createPostWrites(db: Kysely<PostTables>, checkImages: ImageCheck): PostWrites {
  return {
    async creator(id) {
      const row = await db.selectFrom("posts").select("created_by").where("id", "=", id).executeTakeFirst();
      return row ? row.created_by : undefined;
    },
    create(data, actor, options = {}) {
      return retryOnUniqueViolation(() =>
        db.transaction().execute(async (trx) => {
          const record = await insertPost(trx, data, actor, options);
          // Every image it names is in the library, and stays there until this commits (else nothing is stored).
          await checkImages(trx, record.data, options.restoredFrom);
          return record;
        }),
      );
    },

    save(id, data, baseVersion, actor, restoredFrom) {
      return retryOnUniqueViolation(() =>
        db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
          if (!row || row.version !== baseVersion) return { ok: false, current: row && toStored(row) };
          // The address follows the title (its column is the stored title); an unchanged title keeps
          // the address it has (even "-2").
          const slug = postSlug(data) === postSlug(row) ? row.slug : await freeSlug(trx, id, data.title);
          const previous = formerSlugsOf(row);
          const formerSlugs = slug === row.slug ? previous : nextFormerSlugs(previous, row.slug, slug);
          const post = withFormerSlugs(data, formerSlugs);
          const version = baseVersion + 1;
          const now = new Date().toISOString();
          const columns = columnsOf(post, row.created_at);
          const written = await trx
            .updateTable("posts")
            .set({ version, slug, ...columns, updated_at: now, updated_by: actor })
            .where("id", "=", id)
            .where("version", "=", baseVersion)
            .returning("version")
            .executeTakeFirst();
          if (!written) {
            const current = await trx.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst();
            return { ok: false, current: current && toStored(current) };
          }
          await checkImages(trx, post, restoredFrom);
          await postRevisions.add(trx, { id }, { version, data: columns.data, at: now, by: actor, restoredFrom });
          if (slug !== row.slug) await keepAddresses(trx, id, formerSlugs);
          return { ok: true, post: { id, version, slug, data: post, updatedAt: now, updatedBy: actor } };
        }),
      );
    },

    async remove(id) {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom("posts").where("id", "=", id).executeTakeFirst();
        await trx.deleteFrom("post_addresses").where("post_id", "=", id).execute();
        // Its translations go with it (their revisions stay, as its own do).
        await trx.deleteFrom("post_translations").where("post_id", "=", id).execute();
        await trx.deleteFrom("post_translation_addresses").where("post_id", "=", id).execute();
        return Number(deleted.numDeletedRows) > 0;
      });
    },

    revisions: (id) => postRevisions.list(db, { id }),

    revision: (id, version): Promise<AsStored<PostRevision> | undefined> =>
      postRevisions.get(db, { id }, version, readData),
  };
}
