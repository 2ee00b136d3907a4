import { Hono, type Context } from "hono";
import { z } from "zod";
import type { RevisionList, StoredDocument } from "#content/documents.ts";
import { AI_SETTINGS_KEY, documents, isSectionKey, type DocumentKey } from "#content/sections.ts";
import type { Store } from "#server/db/store.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { AppBindings } from "#server/http/context.ts";
import type { Logger } from "#server/logger.ts";
import { jsonError } from "#server/http/errors.ts";
import { requireAdmin } from "#server/http/middleware.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { baseVersion, idFromPath } from "#server/http/record-id.ts";
import { hasLegacyPosts, restoreLegacyPosts } from "#server/posts/legacy.ts";
import { checkDocument } from "./normalize.ts";

const saveSchema = z.strictObject({
  version: baseVersion("version (the version your edit is based on) is required."),
  data: z.unknown(),
});

const restoreSchema = z.strictObject({
  version: baseVersion("version (the current version) is required."),
});

/** What the content API uses of the app's services. */
type ContentDeps = { store: Pick<Store, "documents" | "posts">; bus: EventBus; logger: Logger };
type DocumentContext = Context<AppBindings<ContentDeps>>;

async function save(c: DocumentContext, key: DocumentKey, baseVersion: number, data: unknown, restoredFrom?: number) {
  const { store, bus, logger } = c.var.deps;
  // Cleaned against the current version (the store validated it when it read it);
  // if that is not `baseVersion`, the save below is a conflict anyway.
  const current = await store.documents.get(key);
  const checked = checkDocument(key, data, current.data);
  if (!checked.ok) return jsonError(c, 400, checked.message, { issues: checked.issues });
  const saved = await store.documents.save(key, checked.data, baseVersion, c.var.user?.email ?? null, restoredFrom);
  if (!saved.ok) {
    const current = saved.conflict;
    return jsonError(
      c,
      409,
      `${documents[key].label} was changed by ${current.updatedBy ?? "someone else"} since you opened it.`,
      { current },
    );
  }
  logger.info("content saved", { key, version: saved.document.version, by: c.var.user?.id });
  bus.publish({ type: "content", key, version: saved.document.version });
  return c.json(saved.document satisfies StoredDocument);
}

/** Read, save, history and restore for one document, mounted per key below. */
function documentRoutes(resolve: (c: DocumentContext) => DocumentKey | undefined) {
  const withKey =
    (handler: (c: DocumentContext, key: DocumentKey) => Promise<Response> | Response) => (c: DocumentContext) => {
      const key = resolve(c);
      return key ? handler(c, key) : jsonError(c, 404, `There is no content section "${c.req.param("key")}".`);
    };

  return new Hono<AppBindings<ContentDeps>>()
    .put(
      "/",
      requireAdmin,
      withKey(async (c, key) => {
        const body = await parseBody(c, saveSchema);
        if (!body.ok) return body.response;
        return save(c, key, body.data.version, body.data.data);
      }),
    )
    .get(
      "/revisions",
      requireAdmin,
      withKey(async (c, key) =>
        c.json({ revisions: await c.var.deps.store.documents.revisions(key) } satisfies RevisionList),
      ),
    )
    .get(
      "/revisions/:version{[0-9]+}",
      requireAdmin,
      withKey(async (c, key) => {
        const version = idFromPath(c.req.param("version"));
        const revision = version === undefined ? undefined : await c.var.deps.store.documents.revision(key, version);
        return revision ? c.json(revision) : jsonError(c, 404, "That version does not exist.");
      }),
    )
    .post(
      "/revisions/:version{[0-9]+}/restore",
      requireAdmin,
      withKey(async (c, key) => {
        const body = await parseBody(c, restoreSchema);
        if (!body.ok) return body.response;
        const version = idFromPath(c.req.param("version"));
        const revision = version === undefined ? undefined : await c.var.deps.store.documents.revision(key, version);
        if (version === undefined || !revision) return jsonError(c, 404, "That version does not exist.");
        if (key === "blog" && hasLegacyPosts(revision.data)) {
          // A version from before posts were records: its page texts, then its posts.
          const { title, subtitle } = revision.data as { title: unknown; subtitle: unknown };
          const page = await save(c, key, body.data.version, { title, subtitle }, version);
          if (page.ok) await restoreLegacyPosts(c.var.deps, c.var.user?.email ?? null, revision.data);
          return page;
        }
        return save(c, key, body.data.version, revision.data, version);
      }),
    );
}

const sectionKey = (c: DocumentContext) => {
  const key = c.req.param("key") ?? "";
  return isSectionKey(key) ? key : undefined;
};

export const contentRoutes = new Hono<AppBindings<ContentDeps>>()
  .get("/:key", async (c) => {
    const key = sectionKey(c);
    if (!key) return jsonError(c, 404, `There is no content section "${c.req.param("key")}".`);
    const doc = await c.var.deps.store.documents.get(key);
    c.header("Cache-Control", "no-cache");
    return c.json(doc satisfies StoredDocument);
  })
  .route("/:key", documentRoutes(sectionKey));

/**
 * AI settings, as content, for admins only: they hold the knowledge bases. What
 * visitors see of them is the chat's (GET /api/chat/settings, server/chat/routes.ts).
 */
export const aiSettingsRoutes = new Hono<AppBindings<ContentDeps>>()
  .get("/", requireAdmin, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json((await c.var.deps.store.documents.get(AI_SETTINGS_KEY)) satisfies StoredDocument);
  })
  .route(
    "/",
    documentRoutes(() => AI_SETTINGS_KEY),
  );
