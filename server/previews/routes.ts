import { Hono } from "hono";
import { z } from "zod";
import { landingPageSchema } from "#content/landing-page-schema.ts";
import { LANDING_PAGE_ID, VARIANT_NAMES } from "#content/landing-pages.ts";
import { DEFAULT_LOCALE, localePath, locales } from "#content/locales.ts";
import { POST_ID } from "#content/posts.ts";
import { PREVIEW_LIFETIME_MS, PREVIEW_TOKEN, type PreviewDraft } from "#content/preview.ts";
import { blogPostSchema } from "#content/schemas.ts";
import { documents as registry, isDocumentKey, type DocumentKey } from "#content/sections.ts";
import { checkDocument } from "#server/content/normalize.ts";
import type { Store } from "#server/db/store.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { AppBindings } from "#server/http/context.ts";
import { describeZodError, jsonError } from "#server/http/errors.ts";
import { TEXT_PATH } from "#content/preview.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { previewPostAddress } from "./post-address.ts";

const draftSchema = z
  .strictObject({
    locale: z.enum(locales).optional(),
    documents: z.record(z.string(), z.unknown()).optional(),
    post: z
      .strictObject({
        id: z.string().regex(POST_ID, "A post id is letters, digits, - and _.").optional(),
        data: z.unknown(),
      })
      .optional(),
    page: z
      .strictObject({
        id: z.string().regex(LANDING_PAGE_ID, "A page id is letters, digits, - and _.").optional(),
        variant: z.enum(VARIANT_NAMES).optional(),
        data: z.unknown(),
        english: z
          .array(z.string().regex(TEXT_PATH, "A text's path is names and numbers between dots."))
          .max(2_000)
          .optional(),
      })
      .optional(),
  })
  .refine(
    (draft) => draft.post !== undefined || draft.page !== undefined || Object.keys(draft.documents ?? {}).length > 0,
    { message: "Send the documents, the post or the page to preview." },
  );

type Checked = { ok: true; draft: PreviewDraft } | { ok: false; message: string; issues?: unknown };

/** The draft as it will be shown: every document checked and cleaned exactly as a save does, the post by its schema. */
async function checkDraft(
  documents: Record<string, unknown> | undefined,
  post: { id?: string | undefined; data: unknown } | undefined,
  page:
    | { id?: string | undefined; variant?: "A" | "B" | undefined; data: unknown; english?: string[] | undefined }
    | undefined,
  read: (key: DocumentKey) => Promise<unknown>,
): Promise<Checked> {
  const draft: PreviewDraft = {};
  for (const [key, data] of Object.entries(documents ?? {})) {
    if (!isDocumentKey(key)) return { ok: false, message: `There is no content section "${key}".` };
    const checked = checkDocument(key, data, await read(key));
    if (!checked.ok)
      return { ok: false, message: `${registry[key].label}: ${checked.message}`, issues: checked.issues };
    (draft.documents ??= {})[key] = checked.data;
  }
  if (post) {
    const result = blogPostSchema.safeParse(post.data);
    if (!result.success) {
      const { message, issues } = describeZodError(result.error);
      return { ok: false, message: `Post: ${message}`, issues };
    }
    draft.post = { ...(post.id !== undefined && { id: post.id }), data: result.data };
  }
  if (page) {
    // The page's own check on save (server/pages/routes.ts): its schema.
    const result = landingPageSchema.safeParse(page.data);
    if (!result.success) {
      const { message, issues } = describeZodError(result.error);
      return { ok: false, message: `Page: ${message}`, issues };
    }
    draft.page = {
      ...(page.id !== undefined && { id: page.id }),
      ...(page.variant !== undefined && { variant: page.variant }),
      data: result.data,
      ...(page.english !== undefined && page.english.length > 0 && { english: page.english }),
    };
  }
  return { ok: true, draft };
}

/**
 * Previews of unsaved edits (admins only): the draft is stored under the
 * browser's token, and open previews of it are told (`preview` event, admins
 * only). Nothing saved changes, so no page cache is emptied.
 */
export const previewRoutes = new Hono<
  AppBindings<{ store: Pick<Store, "documents" | "posts" | "previews">; bus: EventBus }>
>().put("/:token", async (c) => {
  const token = c.req.param("token");
  if (!PREVIEW_TOKEN.test(token)) return jsonError(c, 400, "A preview token is 16 to 64 letters, digits, - or _.");
  const body = await parseBody(c, draftSchema);
  if (!body.ok) return body.response;
  const { store, bus } = c.var.deps;
  const checked = await checkDraft(
    body.data.documents,
    body.data.post,
    body.data.page,
    async (key) => (await store.documents.get(key)).data,
  );
  if (!checked.ok) return jsonError(c, 400, checked.message, checked.issues ? { issues: checked.issues } : {});
  const { locale } = body.data;
  if (locale !== undefined && locale !== DEFAULT_LOCALE) checked.draft.locale = locale;
  const now = new Date();
  if (!(await store.previews.put(token, c.var.user!.id, checked.draft, now)))
    return jsonError(c, 403, "This preview belongs to another administrator.");
  const post = checked.draft.post;
  const address = post && (await previewPostAddress(store.posts, post, checked.draft.locale));
  // A team page is read at its address in the draft's language (#app/routes/site/landing.tsx).
  const page = checked.draft.page;
  const path = address?.path ?? (page && localePath(checked.draft.locale ?? DEFAULT_LOCALE, page.data.path));
  bus.publish({ type: "preview", token, ...(path && { path }) });
  return c.json({ token, expiresAt: new Date(now.getTime() + PREVIEW_LIFETIME_MS).toISOString() });
});
