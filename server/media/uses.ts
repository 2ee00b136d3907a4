import { sql, type Kysely } from "kysely";
import { isLocale } from "#content/locales.ts";
import type { MediaUse } from "#content/media.ts";
import type { ContentTables } from "#server/content/types.ts";
import type { LandingPageTables } from "#server/pages/types.ts";
import type { PostTables } from "#server/posts/types.ts";
import { imageMentions as mentions } from "./references.ts";

/**
 * The tables an image's uses are found in: the documents (and their translations), the posts (and
 * theirs), the team's pages (whose images are English's: a translation holds texts only).
 */
export type UseTables = Pick<ContentTables, "documents"> &
  Pick<PostTables, "posts" | "post_translations"> &
  Pick<LandingPageTables, "landing_pages">;

/** A translation's text path as its English text's (`texts.content.text` → `content`). */
function translatedField(field: string): string {
  return field.replace(/^texts\./, "").replace(/\.text$/, "");
}

/**
 * Where images are used, by image id: every content document and translation (a handful of
 * rows, always read whole), and the posts and post translations whose stored JSON names
 * `/media/<id>` (./references.ts reads which). Their current versions only: a revision is no use
 * (restoring one naming a deleted image is refused: docs/decisions/027-images-by-id.md). With `ids` the database picks those posts (one scan, the ids OR-ed); without,
 * it picks every post naming any upload: the whole index the "Unused" filter needs, built once
 * per request (tests/scale/media-uses.test.ts measures it with 10,000 posts).
 */
export async function findUses(db: Kysely<UseTables>, ids?: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const found = new Map<string, MediaUse[]>();
  if (ids?.length === 0) return found;
  const wanted = ids && new Set(ids);
  const seen = new Set<string>();
  const add = (id: string, use: MediaUse) => {
    if (wanted && !wanted.has(id)) return;
    const key = `${id}|${use.kind}|${use.id}|${use.locale ?? ""}|${use.field}`;
    if (seen.has(key)) return;
    seen.add(key);
    const list = found.get(id) ?? [];
    list.push(use);
    found.set(id, list);
  };
  const patterns = wanted ? [...wanted].map((id) => `%/media/${id}%`) : ["%/media/%"];
  const naming = (column: string) =>
    sql<boolean>`(${sql.join(
      patterns.map((pattern) => sql`${sql.ref(column)} like ${pattern}`),
      sql` or `,
    )})`;

  const documents = await db.selectFrom("documents").select(["key", "data"]).where(naming("data")).execute();
  for (const row of documents) {
    const [key, locale] = row.key.split(":") as [string, string | undefined];
    for (const { id, field } of mentions(JSON.parse(row.data), "")) {
      const shown = isLocale(locale) ? translatedField(field) : field;
      add(id, { kind: "content", key, id: key, field: shown, ...(isLocale(locale) && { locale }) });
    }
  }
  const posts = await db.selectFrom("posts").select(["id", "slug", "data"]).where(naming("data")).execute();
  for (const row of posts) {
    for (const { id, field } of mentions(JSON.parse(row.data), ""))
      add(id, { kind: "post", key: row.slug, id: row.id, field });
  }
  const translations = await db
    .selectFrom("post_translations")
    .innerJoin("posts", "posts.id", "post_translations.post_id")
    .select([
      "post_translations.post_id as id",
      "posts.slug as slug",
      "post_translations.locale as locale",
      "post_translations.data as data",
    ])
    .where(naming("post_translations.data"))
    .execute();
  for (const row of translations) {
    const locale = isLocale(row.locale) ? row.locale : undefined;
    for (const { id, field } of mentions(JSON.parse(row.data), ""))
      add(id, { kind: "post", key: row.slug, id: row.id, field: translatedField(field), ...(locale && { locale }) });
  }
  const pages = await db.selectFrom("landing_pages").select(["id", "path", "data"]).where(naming("data")).execute();
  for (const row of pages) {
    for (const { id, field } of mentions(JSON.parse(row.data), ""))
      add(id, { kind: "page", key: row.path, id: row.id, field });
  }
  for (const list of found.values())
    list.sort((a, b) => a.kind.localeCompare(b.kind) || a.key.localeCompare(b.key) || a.field.localeCompare(b.field));
  return found;
}
