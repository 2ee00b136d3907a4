import type { Kysely } from "kysely";
import { defaultBlog, defaultPosts } from "#content/defaults.ts";
import { translatedLocales } from "#content/locales.ts";
import { postSlugs } from "#content/rules.ts";
import { legacyBlogSchema, type BlogContent, type BlogPost } from "#content/schemas.ts";
import { builtInPostTexts } from "#content/translations/index.ts";
import type { ContentTables } from "#server/content/types.ts";
import { hasLegacyPosts } from "./legacy.ts";
import { isReadable, readData } from "./records.ts";
import { fillSortTimes, insertPost, newPostId } from "./post-writes.ts";
import { builtInTexts, postTextFields, textsOf } from "./translation.ts";
import { insertTranslation } from "./translation-store.ts";
import type { PostTables } from "./types.ts";

type Posts = readonly (BlogPost & { id?: string | undefined })[];
type Db = Kysely<ContentTables & PostTables>;

/**
 * Brings the posts an older version stored up to date, on `db` as it is given (migration
 * 0028-posts-move-in's transaction, or a restore's on the rows of a backup taken before it; every
 * start did this before that migration):
 *
 * - a blog document saved before posts were records (it still has `posts`) gives each post a
 *   record (same id, address, former addresses and data; written by whoever last saved the blog,
 *   at the post's `updatedAt`) and is saved again without them. Its older versions keep their
 *   posts and can still be restored (./legacy.ts);
 * - posts restored from a backup taken before they had a time to sort by get theirs (./post-writes.ts
 *   `fillSortTimes`);
 * - the built-in posts still as shipped get their translations (addBuiltInTranslations).
 *
 * Returns how many posts it moved in.
 */
export async function movePostsIn(db: Db): Promise<number> {
  const moved = await moveBlogPostsIn(db);
  await fillSortTimes(db as unknown as Kysely<PostTables>);
  await addBuiltInTranslations(db as unknown as Kysely<PostTables>);
  return moved;
}

async function moveBlogPostsIn(db: Db): Promise<number> {
  const row = await db.selectFrom("documents").selectAll().where("key", "=", "blog").executeTakeFirst();
  if (!row) return 0;
  const stored: unknown = JSON.parse(row.data);
  if (!hasLegacyPosts(stored)) return 0;
  const parsed = legacyBlogSchema.safeParse(stored);
  if (!parsed.success) {
    throw new Error(`The stored blog cannot be moved into post records: ${parsed.error.message}`);
  }
  const { title, subtitle, posts } = parsed.data;
  const json = JSON.stringify({ title, subtitle } satisfies BlogContent);
  const version = row.version + 1;
  const now = new Date().toISOString();
  await db
    .updateTable("documents")
    .set({ version, data: json, updated_at: now, updated_by: null })
    .where("key", "=", "blog")
    .execute();
  await db
    .insertInto("revisions")
    .values({ key: "blog", version, data: json, created_at: now, created_by: null, restored_from: null })
    .execute();
  return moveIn(db, posts, row.updated_by, row.updated_at);
}

/**
 * A new site's blog: the blog document (title and subtitle) and the built-in posts as records,
 * with their translations, when no blog document is stored yet. Run at start
 * (server/assembly/deps.ts), not in a migration: a database just migrated stays empty, which is
 * what `npm run restore` fills, and a restored site has its own blog. One transaction, claimed by
 * the blog document's key: instances starting together write it once. Returns how many posts it
 * wrote.
 */
export async function writeBuiltInBlog(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const json = JSON.stringify({ title: defaultBlog.title, subtitle: defaultBlog.subtitle } satisfies BlogContent);
    const claimed = await trx
      .insertInto("documents")
      .values({ key: "blog", version: 1, data: json, updated_at: now, updated_by: null })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("version")
      .executeTakeFirst();
    if (!claimed) return 0;
    await trx
      .insertInto("revisions")
      .values({ key: "blog", version: 1, data: json, created_at: now, created_by: null, restored_from: null })
      .execute();
    const written = await moveIn(trx, defaultPosts, null, now);
    await addBuiltInTranslations(trx as unknown as Kysely<PostTables>);
    return written;
  });
}

/**
 * Gives the built-in posts their built-in Sinhala and Tamil translations (issue 25,
 * content/translations/), each once, on `db` as it is given (no transaction of its own: a
 * migration's, a restore's or a new site's): a post still as shipped (its English title, excerpt
 * and content exactly the built-in ones) gets the language's translation, with the English post's
 * status and publish time, at the English post's address, unless that language ever had a
 * translation of it (a revision is kept: one the owner deleted stays deleted). So a new site
 * starts with them, an upgraded one gets them for the built-in posts it has not changed, and
 * nothing it stores is changed. Returns how many it wrote.
 */
export async function addBuiltInTranslations(db: Kysely<PostTables>): Promise<number> {
  const ids = defaultPosts.map((post) => post.id);
  const posts = await db.selectFrom("posts").select(["id", "slug", "data"]).where("id", "in", ids).execute();
  if (posts.length === 0) return 0;
  const had = await db
    .selectFrom("post_translation_revisions")
    .select(["post_id", "locale"])
    .where("post_id", "in", ids)
    .groupBy(["post_id", "locale"])
    .execute();
  const translated = new Set(had.map(({ post_id, locale }) => `${post_id}:${locale}`));
  const at = new Date().toISOString();
  let written = 0;
  for (const row of posts) {
    const english = readData(row.data);
    if (!isReadable<{ data: BlogPost }>(english)) continue;
    for (const locale of translatedLocales) {
      const builtIn = builtInPostTexts(locale, row.id);
      if (!builtIn || translated.has(`${row.id}:${locale}`)) continue;
      const builtInEnglish = textsOf(builtIn.english);
      if (postTextFields.some((field) => textsOf(english.data)[field] !== builtInEnglish[field])) continue;
      const { status, publishAt } = english.data;
      const texts = builtInTexts(builtInEnglish, textsOf(builtIn.translated));
      const data = { status, ...(publishAt !== undefined && { publishAt }), texts };
      if ((await insertTranslation(db, row.id, locale, data, row.slug, at)) !== undefined) written += 1;
    }
  }
  return written;
}

/** Writes `posts` as records with the addresses the list gave them, in list order. */
async function moveIn(trx: Db, posts: Posts, actor: string | null, at: string): Promise<number> {
  const slugs = postSlugs(posts);
  const ids = new Set<string>();
  for (const [index, { id, ...data }] of posts.entries()) {
    // Ids are unique in a saved list; a list from before ids (or a hand-edited one) gets new ones.
    const recordId = id && !ids.has(id) ? id : newPostId();
    ids.add(recordId);
    await insertPost(trx as unknown as Kysely<PostTables>, data, actor, {
      id: recordId,
      slug: slugs[index]!,
      at: data.updatedAt ?? at,
    });
  }
  return posts.length;
}
