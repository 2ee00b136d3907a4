import { Hono, type Context } from "hono";
import { z } from "zod";
import { heldToOwn } from "#content/access.ts";
import { landingPageSchema, type LandingPage } from "#content/landing-page-schema.ts";
import { LANDING_PAGE_ID, LANDING_PATH_TAKEN } from "#content/landing-pages.ts";
import type { LandingPageSummary } from "#content/landing-page-api.ts";
import { isTranslated } from "#content/locales.ts";
import { withReviewMark } from "#content/post-status.ts";
import { restoreBody } from "#content/record-saves.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import { describeZodError, jsonError } from "#server/http/errors.ts";
import { localeQuery } from "#server/http/locale-query.ts";
import { parseBody } from "#server/http/parse-body.ts";
import type { Records } from "#server/records/records.ts";
import { recordRoutes } from "#server/records/record-routes.ts";
import { languageName } from "#server/records/translation-save.ts";
import { pageResults } from "./results.ts";
import { isReadablePage } from "./rows.ts";
import { pageTranslations } from "./translation-kind.ts";
import type { LandingPageSaveResult, PageMetrics, StoredLandingPage } from "./types.ts";
import { asWritersPage, isWriter, PAGE_NOT_FOUND, pageWriterRefusal } from "./writer-rules.ts";

/** What the pages API uses of the app's services; `pageMetrics` counts views and leads (Insights'). */
export type PageDeps = { store: Pick<Store, "pages">; records: Pick<Records, "pages">; pageMetrics: PageMetrics };
type PageContext = Context<AppBindings<PageDeps>>;

/** The days the list's views and leads cover. */
const LIST_DAYS = 30;

const createSchema = z.strictObject({ data: z.unknown() });
const resultsQuery = z.object({
  days: z.coerce
    .number({ error: "days must be a whole number from 1 to 365." })
    .int("days must be a whole number from 1 to 365.")
    .min(1, "days must be a whole number from 1 to 365.")
    .max(365, "days must be a whole number from 1 to 365.")
    .default(LIST_DAYS),
});

const notFound = (c: PageContext) => jsonError(c, 404, PAGE_NOT_FOUND);

/** A page id from the path, or undefined (answered with 404) when no page can have it. */
const pageId = (c: PageContext) => {
  const id = c.req.param("id") ?? "";
  return LANDING_PAGE_ID.test(id) ? id : undefined;
};

/** The page as the schema accepts it, its review mark as stored (a Writer's: a draft), or the 400 answer. */
function validPage(c: PageContext, data: unknown) {
  const sent = landingPageSchema.safeParse(data);
  if (!sent.success) {
    const { message, issues } = describeZodError(sent.error);
    return { ok: false as const, response: jsonError(c, 400, message, { issues }) };
  }
  const page = isWriter(c.var.user) ? asWritersPage(sent.data) : withReviewMark(sent.data);
  return { ok: true as const, data: page };
}

const conflict = (c: PageContext, current: StoredLandingPage) =>
  jsonError(c, 409, `This page was changed by ${current.updatedBy ?? "someone else"} since you opened it.`, {
    current,
  });

/** A save's answer: the record, 400 for a taken address, 404, or 409 with the current page. */
function answered(c: PageContext, result: LandingPageSaveResult, status: 200 | 201 = 200) {
  if (result.ok) return c.json(result.page, status);
  if (result.reason === "path-taken")
    return jsonError(c, 400, `path: ${LANDING_PATH_TAKEN}`, {
      issues: [{ path: "path", message: LANDING_PATH_TAKEN }],
    });
  return result.current ? conflict(c, result.current) : notFound(c);
}

/** Why the signed-in Writer may not read (or, with `write`, change) page `id`: the answer, or undefined. */
async function refusedToWriter(c: PageContext, id: string | undefined, write: boolean) {
  const refusal = await pageWriterRefusal(c.var.deps.store.pages, c.var.user, id, { write });
  return refusal && jsonError(c, refusal.status, refusal.error);
}

/** Saves `data` (unchecked) over version `base` of page `id`. */
async function save(c: PageContext, id: string, base: number, data: unknown, restoredFrom?: number) {
  const page = validPage(c, data);
  if (!page.ok) return page.response;
  return answered(c, await c.var.deps.records.pages.save(id, page.data, base, c.var.user, restoredFrom));
}

/**
 * The team's pages (issue 42), each saved on its own, as posts are (../posts/routes.ts): list, create,
 * and (as every kind's record: ../records/record-routes.ts) read, save with a version (409 on a stale
 * one), delete, history and restore; with `?locale=si` (or `ta`), the same for the page's translation
 * into that language, a record of its own. Besides: a page's results per variant, and "Use B" (B's
 * blocks become the page's, as a new version).
 */
export const pageRoutes = new Hono<AppBindings<PageDeps>>()
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const user = c.var.user;
    const { store, pageMetrics } = c.var.deps;
    // A Writer's list: their own pages only (#content/access.ts).
    const stored = await store.pages.list({ createdBy: heldToOwn(user, "page") ? user.id : undefined });
    const counted = await pageMetrics.totals(
      stored.map((page) => page.id),
      LIST_DAYS,
    );
    const pages: LandingPageSummary[] = stored.map((page) => ({
      ...page,
      views: counted.get(page.id)?.views ?? 0,
      leads: counted.get(page.id)?.leads ?? 0,
    }));
    return c.json({ pages });
  })
  .post("/", async (c) => {
    const asked = localeQuery(c);
    if (!asked.ok) return asked.response;
    if (isTranslated(asked.locale))
      return jsonError(
        c,
        400,
        `A page is made in English first; then save its ${languageName(asked.locale)} with PUT /api/pages/:id?locale=${asked.locale}.`,
      );
    const body = await parseBody(c, createSchema);
    if (!body.ok) return body.response;
    const page = validPage(c, body.data.data);
    if (!page.ok) return page.response;
    const user = c.var.user;
    const result = await c.var.deps.records.pages.create(page.data, user, user ? { createdBy: user.id } : {});
    return answered(c, result, 201);
  })
  .route(
    "/",
    recordRoutes({
      noun: "page",
      id: pageId,
      notFound: PAGE_NOT_FOUND,
      refused: refusedToWriter,
      store: (deps: PageDeps) => deps.store.pages,
      records: (deps) => deps.records.pages,
      translations: pageTranslations,
      save,
    }),
  )
  .get("/:id/results", async (c) => {
    const id = pageId(c);
    const refused = await refusedToWriter(c, id, false);
    if (refused) return refused;
    const query = resultsQuery.safeParse(c.req.query());
    if (!query.success) return jsonError(c, 400, query.error.issues[0]?.message ?? "Invalid days.");
    const page = id && (await c.var.deps.store.pages.stored(id));
    if (!id || !page) return notFound(c);
    c.header("Cache-Control", "no-store");
    const hasVariant = isReadablePage(page) && page.data.variants.length > 0;
    const { days } = query.data;
    return c.json(pageResults(days, hasVariant, await c.var.deps.pageMetrics.byVariant(id, days)));
  })
  // "Use B": variant B's blocks become the page's and the variant goes, as a new version over `version`.
  .post("/:id/use-b", async (c) => {
    const id = pageId(c);
    const body = await parseBody(c, restoreBody);
    if (!body.ok) return body.response;
    const page = id && (await c.var.deps.store.pages.stored(id));
    if (!id || !page) return notFound(c);
    if (page.version !== body.data.version) return conflict(c, page);
    if (!isReadablePage(page)) return jsonError(c, 400, "Fix this page's problems first, then use its variant B.");
    const variant = page.data.variants.find((candidate) => candidate.name === "B");
    if (!variant) return jsonError(c, 400, "This page has no variant B to use.");
    const data: LandingPage = { ...page.data, blocks: variant.blocks, variants: [] };
    return save(c, id, body.data.version, data);
  });
