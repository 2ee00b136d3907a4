import { Hono, type Context } from "hono";
import { z } from "zod";
import { withPublishDate, withReviewMark } from "#content/post-status.ts";
import { isTranslated } from "#content/locales.ts";
import {
  ADMIN_POSTS_PER_PAGE,
  POST_ID,
  POST_LIST_FILTERS,
  POST_QUERY_MAX,
  type AsStored,
  type PostListFilter,
  type PostRecord,
} from "#content/posts.ts";
import { blogPostSchema, type BlogPost } from "#content/schemas.ts";
import type { Store } from "#server/db/store.ts";
import type { Env } from "#server/env.ts";
import type { AppBindings } from "#server/http/context.ts";
import type { Records } from "#server/records/records.ts";
import { describeZodError, jsonError } from "#server/http/errors.ts";
import { listQuery } from "#server/http/list-query.ts";
import { localeQuery } from "#server/http/locale-query.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { recordRoutes } from "#server/records/record-routes.ts";
import { isReadable } from "./records.ts";
import { postTranslations } from "./translation-kind.ts";
import { languageName } from "#server/records/translation-save.ts";
import { heldToOwn } from "#content/access.ts";
import { asWritersDraft, isWriter, POST_NOT_FOUND, writerRefusal } from "./writer-rules.ts";

/** What the posts API uses of the app's services. */
type PostDeps = { env: Pick<Env, "SITE_TIMEZONE">; store: Pick<Store, "posts">; records: Pick<Records, "posts"> };
type PostContext = Context<AppBindings<PostDeps>>;

/**
 * The admin's list: `?query=&page=`, and `?review=1` (the drafts waiting for review) or `?status=`
 * (draft, scheduled or published), in the list's language.
 */
const searchQuery = listQuery(POST_QUERY_MAX)
  .extend({
    review: z.literal("1", { error: "review must be 1 (the posts in review)." }).optional(),
    status: z
      .enum(POST_LIST_FILTERS.filter((filter) => filter !== "review") as ["draft", "scheduled", "published"], {
        error: 'status must be "draft", "scheduled" or "published".',
      })
      .optional(),
  })
  .refine((query) => !(query.review && query.status), "Ask for review=1 or a status, not both.")
  .transform(({ review, status, ...rest }) => ({
    ...rest,
    filter: (review ? "review" : status) as PostListFilter | undefined,
  }));

const createSchema = z.strictObject({ data: z.unknown() });

const notFound = (c: PostContext) => jsonError(c, 404, POST_NOT_FOUND);

/**
 * The post's data as the schema accepts it, dated the day it goes live when it
 * has a publish time, or the 400 answer naming what is wrong.
 */
function validPost(c: PostContext, data: unknown) {
  const sent = blogPostSchema.safeParse(data);
  // The date it is given is checked too: what is stored must be a post every reader accepts.
  // A review mark stays only on a draft (#content/post-status.ts): publishing clears it. A Writer's
  // post becomes a draft (./writer-rules.ts) and keeps the mark it was sent with.
  const reviewed = (post: BlogPost) => (isWriter(c.var.user) ? post : withReviewMark(post));
  const result = sent.success
    ? blogPostSchema.safeParse(reviewed(withPublishDate(sent.data, c.var.deps.env.SITE_TIMEZONE)))
    : sent;
  if (result.success) return { ok: true as const, data: result.data };
  const { message, issues } = describeZodError(result.error);
  return { ok: false as const, response: jsonError(c, 400, message, { issues }) };
}

const conflict = (c: PostContext, current: AsStored<PostRecord>) =>
  jsonError(c, 409, `This post was changed by ${current.updatedBy ?? "someone else"} since you opened it.`, {
    current,
  });

/**
 * Why the signed-in Writer may not read (or, with `write`, change) post `id`: the 403 answer, or
 * undefined when they may (./writer-rules.ts; every other role may).
 */
async function refusedToWriter(c: PostContext, id: string | undefined, write: boolean) {
  const refusal = await writerRefusal(c.var.deps.store.posts, c.var.user, id, { write });
  return refusal && jsonError(c, refusal.status, refusal.error);
}

/** Saves `data` over version `base` of post `id`: the new record, 404, or 409 with the current one. */
async function save(c: PostContext, id: string, base: number, data: unknown, restoredFrom?: number) {
  const post = validPost(c, data);
  if (!post.ok) return post.response;
  const { store, records } = c.var.deps;
  if (isWriter(c.var.user)) {
    const current = await store.posts.stored(id);
    const featured = current !== undefined && isReadable(current) && current.data.featured;
    post.data = asWritersDraft(post.data, featured);
  }
  const result = await records.posts.save(id, post.data, base, c.var.user, restoredFrom);
  if (!result.ok) return result.current ? conflict(c, result.current) : notFound(c);
  return c.json(result.post);
}

/** A post id from the path, or undefined (answered with 404) when no post can have it. */
const postId = (c: PostContext) => {
  const id = c.req.param("id") ?? "";
  return POST_ID.test(id) ? id : undefined;
};

/**
 * Blog posts, each saved on its own (admins only): list and search without
 * bodies, create, and (as every kind's record: ../records/record-routes.ts)
 * read, save with a version (409 on a stale one), delete, history and restore,
 * like the content documents (../content/routes.ts).
 * With `?locale=si` (or `ta`), the same for the post's translation into that
 * language, a record of its own (./translation.ts); a post is created in English.
 */
export const postRoutes = new Hono<AppBindings<PostDeps>>()
  .get("/", async (c) => {
    const asked = localeQuery(c);
    if (!asked.ok) return asked.response;
    const input = searchQuery.safeParse(c.req.query());
    if (!input.success) return jsonError(c, 400, input.error.issues[0]?.message ?? "Invalid search.");
    c.header("Cache-Control", "no-store");
    const user = c.var.user;
    const list = await c.var.deps.store.posts.list({
      audience: "admin",
      query: input.data.query,
      page: input.data.page ?? 1,
      pageSize: ADMIN_POSTS_PER_PAGE,
      locale: asked.locale,
      // A Writer's list: their own posts only (#content/access.ts).
      createdBy: heldToOwn(user, "post") ? user.id : undefined,
      filter: input.data.filter,
    });
    return c.json(list);
  })
  .post("/", async (c) => {
    const asked = localeQuery(c);
    if (!asked.ok) return asked.response;
    if (isTranslated(asked.locale)) {
      return jsonError(
        c,
        400,
        `A post is written in English first; then save its ${languageName(asked.locale)} with PUT /api/posts/:id?locale=${asked.locale}.`,
      );
    }
    const body = await parseBody(c, createSchema);
    if (!body.ok) return body.response;
    const post = validPost(c, body.data.data);
    if (!post.ok) return post.response;
    const user = c.var.user;
    const data = isWriter(user) ? asWritersDraft(post.data, false) : post.data;
    const created = await c.var.deps.records.posts.create(data, c.var.user, user ? { createdBy: user.id } : {});
    return c.json(created, 201);
  })
  .route(
    "/",
    recordRoutes({
      noun: "post",
      id: postId,
      notFound: POST_NOT_FOUND,
      refused: refusedToWriter,
      store: (deps: PostDeps) => deps.store.posts,
      records: (deps) => deps.records.posts,
      translations: postTranslations,
      save,
    }),
  );
