import { legacyBlogSchema, type BlogPost } from "#content/schemas.ts";
import { MissingImagesError } from "#server/media/references.ts";
import type { Records, Saver } from "#server/records/records.ts";
import type { PostStore } from "./types.ts";

/** Whether a stored blog document is from before posts were records (it lists them). */
export const hasLegacyPosts = (data: unknown): boolean =>
  typeof data === "object" && data !== null && Array.isArray((data as { posts?: unknown }).posts);

/** The fields an admin edits: a post whose restored copy has the same ones is left as it is. */
const sameContent = (a: BlogPost, b: BlogPost) => {
  const edited = ({ formerSlugs: _f, updatedAt: _u, ...rest }: BlogPost) => JSON.stringify(rest);
  return edited(a) === edited(b);
};

/**
 * Restoring a version of the blog saved before posts were records
 * (migration 0004-posts) also brings back its posts as they were then: each
 * becomes the newest version of its record (recreated if it was deleted since),
 * so the versions in between stay in its history. Posts written later are
 * left alone, and `by` is the author of the new versions. A post naming an image deleted since
 * is left as it is now (its save is refused: docs/decisions/027-images-by-id.md), the others are
 * restored. Returns how many posts changed.
 */
export async function restoreLegacyPosts(
  { store, records }: { store: { posts: PostStore }; records: Pick<Records, "posts"> },
  by: Saver,
  data: unknown,
): Promise<number> {
  const parsed = legacyBlogSchema.safeParse(data);
  if (!parsed.success) return 0;
  let changed = 0;
  for (const { id, ...post } of parsed.data.posts) {
    // One stored that its schema refuses is replaced by the restored copy.
    const current = id ? await store.posts.stored(id) : undefined;
    try {
      if (!current) await records.posts.create(post, by, id ? { id } : {});
      else if (!("issues" in current) && sameContent(current.data, post)) continue;
      // Changed this very moment by someone else: theirs stands.
      else if (!(await records.posts.save(current.id, post, current.version, by)).ok) continue;
    } catch (error) {
      if (error instanceof MissingImagesError) continue;
      throw error;
    }
    changed++;
  }
  return changed;
}
