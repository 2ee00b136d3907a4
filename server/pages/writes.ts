import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { LandingPage } from "#content/landing-page-schema.ts";
import { postState } from "#content/post-status.ts";
import type { ImageCheck } from "#server/media/references.ts";
import { isPathTaken, pageColumns, pageRevisions, readPage, toStored } from "./rows.ts";
import { inSchemaOrder } from "./translation.ts";
import type {
  LandingPageSaveResult,
  LandingPageTables,
  LandingPageTranslationStore,
  LandingPageWrites,
} from "./types.ts";

type Db = Kysely<LandingPageTables> | Transaction<LandingPageTables>;

export const newPageId = () => randomBytes(9).toString("base64url");

const PATH_TAKEN = { ok: false, reason: "path-taken" } as const;

/** Whether another page than `id` has `path` (whatever its status: one address, one page). */
async function pathTaken(trx: Db, path: string, id: string): Promise<boolean> {
  const row = await trx
    .selectFrom("landing_pages")
    .select("id")
    .where("path", "=", path)
    .where("id", "!=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** A write that lost the race for its address to another page's is answered as a taken address. */
async function refusingTakenPath(write: () => Promise<LandingPageSaveResult>): Promise<LandingPageSaveResult> {
  try {
    return await write();
  } catch (error) {
    if (isPathTaken(error)) return PATH_TAKEN;
    throw error;
  }
}

/**
 * What changes a page (migration 0032-landing-pages), as posts' (server/posts/post-writes.ts): a save
 * is a compare-and-set on the version, in one transaction with its revision; an address another page
 * has is refused, checked first and settled by the unique index.
 */
export function createLandingPageWrites(
  db: Kysely<LandingPageTables>,
  checkImages: ImageCheck,
  translations: Pick<LandingPageTranslationStore, "languages">,
): LandingPageWrites {
  return {
    async list(options = {}) {
      let query = db
        .selectFrom("landing_pages")
        .select([
          "id",
          "version",
          "path",
          "title",
          "status",
          "publish_at",
          "review",
          "noindex",
          "has_variant",
          "updated_at",
          "updated_by",
        ])
        .orderBy("updated_at", "desc")
        .orderBy("id");
      if (options.createdBy !== undefined) query = query.where("created_by", "=", options.createdBy);
      const rows = await query.execute();
      const languages = await translations.languages(rows.map((row) => row.id));
      const now = new Date();
      return rows.map((row) => {
        const status = row.status === "published" ? "published" : "draft";
        const publishAt = row.publish_at;
        return {
          id: row.id,
          version: row.version,
          path: row.path,
          title: row.title,
          status,
          state: postState({ status, publishAt: publishAt ?? undefined }, now),
          publishAt,
          noindex: row.noindex === 1,
          ...(row.review === 1 && { review: true }),
          languages: ["en", ...(languages.get(row.id) ?? [])],
          hasVariant: row.has_variant === 1,
          updatedAt: row.updated_at,
          updatedBy: row.updated_by,
        };
      });
    },

    async stored(id) {
      const row = await db.selectFrom("landing_pages").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toStored(row);
    },

    async creator(id) {
      const row = await db.selectFrom("landing_pages").select("created_by").where("id", "=", id).executeTakeFirst();
      return row ? row.created_by : undefined;
    },

    create(data, actor, options = {}) {
      const page = inSchemaOrder(data);
      return refusingTakenPath(() =>
        db.transaction().execute(async (trx): Promise<LandingPageSaveResult> => {
          const id = options.id ?? newPageId();
          if (await pathTaken(trx, page.path, id)) return PATH_TAKEN;
          // Version 1, or the next after an earlier page of the same id whose revisions remain.
          const version = await pageRevisions.nextVersion(trx, { id });
          const at = new Date().toISOString();
          const columns = pageColumns(page);
          await trx
            .insertInto("landing_pages")
            .values({
              id,
              version,
              ...columns,
              created_at: at,
              updated_at: at,
              updated_by: actor,
              created_by: options.createdBy ?? null,
            })
            .execute();
          await pageRevisions.add(trx, { id }, { version, data: columns.data, at, by: actor });
          // Every image it names is in the library, and stays there until this commits.
          await checkImages(trx, page);
          return { ok: true, page: { id, version, data: page, updatedAt: at, updatedBy: actor } };
        }),
      );
    },

    save(id, data, baseVersion, actor, restoredFrom) {
      const page = inSchemaOrder(data);
      return refusingTakenPath(() =>
        db.transaction().execute(async (trx): Promise<LandingPageSaveResult> => {
          const row = await trx.selectFrom("landing_pages").selectAll().where("id", "=", id).executeTakeFirst();
          if (!row || row.version !== baseVersion)
            return { ok: false, reason: "conflict", current: row && toStored(row) };
          if (page.path !== row.path && (await pathTaken(trx, page.path, id))) return PATH_TAKEN;
          const version = baseVersion + 1;
          const now = new Date().toISOString();
          const columns = pageColumns(page);
          const written = await trx
            .updateTable("landing_pages")
            .set({ version, ...columns, updated_at: now, updated_by: actor })
            .where("id", "=", id)
            .where("version", "=", baseVersion)
            .returning("version")
            .executeTakeFirst();
          if (!written) {
            const current = await trx.selectFrom("landing_pages").selectAll().where("id", "=", id).executeTakeFirst();
            return { ok: false, reason: "conflict", current: current && toStored(current) };
          }
          await checkImages(trx, page, restoredFrom);
          await pageRevisions.add(trx, { id }, { version, data: columns.data, at: now, by: actor, restoredFrom });
          return { ok: true, page: { id, version, data: page, updatedAt: now, updatedBy: actor } };
        }),
      );
    },

    remove(id) {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("landing_pages").selectAll().where("id", "=", id).executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom("landing_pages").where("id", "=", id).execute();
        // Its translations go with it (their revisions stay, as its own do).
        await trx.deleteFrom("landing_page_translations").where("page_id", "=", id).execute();
        return toStored(row);
      });
    },

    revisions: (id) => pageRevisions.list(db, { id }),

    revision: (id, version) =>
      pageRevisions.get(db, { id }, version, (json) => readPage(json) as { data: LandingPage }),
  };
}
