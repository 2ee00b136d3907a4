import { Hono, type Context } from "hono";
import { z } from "zod";
import { withPublishDate } from "#content/post-status.ts";
import type { RevisionList } from "#content/documents.ts";
import { ADMIN_POSTS_PER_PAGE, POST_ID, POST_QUERY_MAX, type AsStored, type PostRecord } from "#content/posts.ts";
import { blogPostSchema } from "#content/schemas.ts";
import type { Store } from "#server/db/store.ts";
import type { Env } from "#server/env.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { AppBindings } from "#server/http/context.ts";
import type { Logger } from "#server/logger.ts";
import { describeZodError, jsonError } from "#server/http/errors.ts";
import { requireAdmin } from "#server/http/middleware.ts";
import { listQuery } from "#server/http/list-query.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { baseVersion, idFromPath } from "#server/http/record-id.ts";

/** What the posts API uses of the app's services. */
type PostDeps = { env: Pick<Env, "SITE_TIMEZONE">; store: Pick<Store, "posts">; bus: EventBus; logger: Logger };
type PostContext = Context<AppBindings<PostDeps>>;

const searchQuery = listQuery(POST_QUERY_MAX);

const createSchema = z.strictObject({ data: z.unknown() });
const saveSchema = z.strictObject({
  version: baseVersion("version (the version your edit is based on) is required."),
  data: z.unknown(),
});
const restoreSchema = z.strictObject({
  version: baseVersion("version (the current version) is required."),
});

const notFound = (c: PostContext) => jsonError(c, 404, "That post does not exist (it may have been deleted).");

/**
 * The post's data as the schema accepts it, dated the day it goes live when it
 * has a publish time, or the 400 answer naming what is wrong.
 */
function validPost(c: PostContext, data: unknown) {
  const sent = blogPostSchema.safeParse(data);
  // The date it is given is checked too: what is stored must be a post every reader accepts.
  const result = sent.success
    ? blogPostSchema.safeParse(withPublishDate(sent.data, c.var.deps.env.SITE_TIMEZONE))
    : sent;
  if (result.success) return { ok: true as const, data: result.data };
  const { message, issues } = describeZodError(result.error);
  return { ok: false as const, response: jsonError(c, 400, message, { issues }) };
}

/** Tells open pages and other instances that a post changed (server/events/bus.ts). */
function announce(c: PostContext, post: Pick<PostRecord, "id" | "version">, deleted = false) {
  c.var.deps.bus.publish({
    type: "content",
    key: "post",
    id: post.id,
    version: post.version,
    ...(deleted && { deleted }),
  });
}

const conflict = (c: PostContext, current: AsStored<PostRecord>) =>
  jsonError(c, 409, `This post was changed by ${current.updatedBy ?? "someone else"} since you opened it.`, {
    current,
  });

/** Saves `data` over version `base` of post `id`: the new record, 404, or 409 with the current one. */
async function save(c: PostContext, id: string, base: number, data: unknown, restoredFrom?: number) {
  const post = validPost(c, data);
  if (!post.ok) return post.response;
  const { store, logger } = c.var.deps;
  const result = await store.posts.save(id, post.data, base, c.var.user?.email ?? null, restoredFrom);
  if (!result.ok) return result.current ? conflict(c, result.current) : notFound(c);
  logger.info("post saved", { id, version: result.post.version, by: c.var.user?.id });
  announce(c, result.post);
  return c.json(result.post);
}

/** A post id from the path, or undefined (answered with 404) when no post can have it. */
const postId = (c: PostContext) => {
  const id = c.req.param("id") ?? "";
  return POST_ID.test(id) ? id : undefined;
};

/**
 * Blog posts, each saved on its own (admins only): list and search without
 * bodies, read, create, save with a version (409 on a stale one), delete,
 * history and restore, like the content documents (../content/routes.ts).
 */
export const postRoutes = new Hono<AppBindings<PostDeps>>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const input = searchQuery.safeParse(c.req.query());
    if (!input.success) return jsonError(c, 400, input.error.issues[0]?.message ?? "Invalid search.");
    c.header("Cache-Control", "no-store");
    const list = await c.var.deps.store.posts.list({
      audience: "admin",
      query: input.data.query,
      page: input.data.page ?? 1,
      pageSize: ADMIN_POSTS_PER_PAGE,
    });
    return c.json(list);
  })
  .post("/", async (c) => {
    const body = await parseBody(c, createSchema);
    if (!body.ok) return body.response;
    const post = validPost(c, body.data.data);
    if (!post.ok) return post.response;
    const created = await c.var.deps.store.posts.create(post.data, c.var.user?.email ?? null);
    c.var.deps.logger.info("post created", { id: created.id, by: c.var.user?.id });
    announce(c, created);
    return c.json(created, 201);
  })
  // A post its schema refuses comes as stored, with what is wrong: the owner fixes it with a save, or deletes it.
  .get("/:id", async (c) => {
    const id = postId(c);
    const post = id && (await c.var.deps.store.posts.stored(id));
    c.header("Cache-Control", "no-store");
    return post ? c.json(post) : notFound(c);
  })
  .put("/:id", async (c) => {
    const id = postId(c);
    if (!id) return notFound(c);
    const body = await parseBody(c, saveSchema);
    if (!body.ok) return body.response;
    return save(c, id, body.data.version, body.data.data);
  })
  .delete("/:id", async (c) => {
    const id = postId(c);
    const post = id && (await c.var.deps.store.posts.stored(id));
    if (!post || !(await c.var.deps.store.posts.remove(post.id))) return notFound(c);
    c.var.deps.logger.info("post deleted", { id: post.id, by: c.var.user?.id });
    announce(c, post, true);
    return c.json({ id: post.id });
  })
  .get("/:id/revisions", async (c) => {
    const id = postId(c);
    const revisions = id ? await c.var.deps.store.posts.revisions(id) : [];
    return revisions.length > 0 ? c.json({ revisions } satisfies RevisionList) : notFound(c);
  })
  .get("/:id/revisions/:version{[0-9]+}", async (c) => {
    const id = postId(c);
    const version = idFromPath(c.req.param("version"));
    const revision = id && version !== undefined ? await c.var.deps.store.posts.revision(id, version) : undefined;
    return revision ? c.json(revision) : jsonError(c, 404, "That version does not exist.");
  })
  .post("/:id/revisions/:version{[0-9]+}/restore", async (c) => {
    const id = postId(c);
    const body = await parseBody(c, restoreSchema);
    if (!body.ok) return body.response;
    const version = idFromPath(c.req.param("version"));
    const revision = id && version !== undefined ? await c.var.deps.store.posts.revision(id, version) : undefined;
    if (!id || !revision) return jsonError(c, 404, "That version does not exist.");
    return save(c, id, body.data.version, revision.data, revision.version);
  });
