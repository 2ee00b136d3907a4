import { Hono, type Context } from "hono";
import type { RevisionList, StoredDocument } from "#content/documents.ts";
import { type Locale, isTranslated } from "#content/locales.ts";
import { documents, isSectionKey, type DocumentKey, type PrivateDocumentKey } from "#content/sections.ts";
import type { Store } from "#server/db/store.ts";
import type { AppBindings } from "#server/http/context.ts";
import type { Records } from "#server/records/records.ts";
import { jsonError } from "#server/http/errors.ts";
import { localeQuery } from "#server/http/locale-query.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { refusedInEnglish, restoreBody, saveBody } from "#content/record-saves.ts";
import { idFromPath } from "#server/http/record-id.ts";
import { hasLegacyPosts, restoreLegacyPosts } from "#server/posts/legacy.ts";
import { readLocalized } from "./localized.ts";
import { documentTranslations, translationAnswer } from "./translation-kind.ts";
import { translationSaveResponse } from "#server/records/translation-save.ts";
import { checkDocument } from "./normalize.ts";

/** What the content API uses of the app's services. */
type ContentDeps = {
  store: Pick<Store, "documents" | "translations" | "posts">;
  records: Pick<Records, "documents" | "posts">;
};
type DocumentContext = Context<AppBindings<ContentDeps>>;

const translations = (c: DocumentContext) => documentTranslations(c.var.deps);

async function save(c: DocumentContext, key: DocumentKey, baseVersion: number, data: unknown, restoredFrom?: number) {
  const { store, records } = c.var.deps;
  // Cleaned against the current version (the store validated it when it read it);
  // if that is not `baseVersion`, the save below is a conflict anyway.
  const current = await store.documents.get(key);
  const checked = checkDocument(key, data, current.data);
  if (!checked.ok) return jsonError(c, 400, checked.message, { issues: checked.issues });
  const saved = await records.documents.save(key, checked.data, baseVersion, c.var.user, restoredFrom);
  if (!saved.ok) {
    const current = saved.conflict;
    return jsonError(
      c,
      409,
      `${documents[key].label} was changed by ${current.updatedBy ?? "someone else"} since you opened it.`,
      { current },
    );
  }
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
      withKey(async (c, key) => {
        const asked = localeQuery(c);
        if (!asked.ok) return asked.response;
        const body = await parseBody(c, saveBody);
        if (!body.ok) return body.response;
        const { version, data, englishVersion, confirmed } = body.data;
        if (isTranslated(asked.locale))
          return translationSaveResponse(c, translations(c), {
            id: key,
            locale: asked.locale,
            base: version,
            submit: { data, englishVersion, confirmed },
          });
        const refused = refusedInEnglish(body.data);
        if (refused) return jsonError(c, 400, refused);
        return save(c, key, version, data);
      }),
    )
    .get(
      "/revisions",
      withKey(async (c, key) => {
        const asked = localeQuery(c);
        if (!asked.ok) return asked.response;
        const { store } = c.var.deps;
        const revisions = !isTranslated(asked.locale)
          ? await store.documents.revisions(key)
          : await store.translations.revisions({ key, locale: asked.locale });
        return c.json({ revisions } satisfies RevisionList);
      }),
    )
    .get(
      "/revisions/:version{[0-9]+}",
      withKey(async (c, key) => {
        const asked = localeQuery(c);
        if (!asked.ok) return asked.response;
        const version = idFromPath(c.req.param("version"));
        if (version === undefined) return jsonError(c, 404, "That version does not exist.");
        const { store } = c.var.deps;
        if (!isTranslated(asked.locale)) {
          const revision = await store.documents.revision(key, version);
          return revision ? c.json(revision) : jsonError(c, 404, "That version does not exist.");
        }
        const revision = await translations(c).revision(key, asked.locale, version);
        return revision ? c.json(revision) : jsonError(c, 404, "That version does not exist.");
      }),
    )
    .post(
      "/revisions/:version{[0-9]+}/restore",
      withKey(async (c, key) => {
        const asked = localeQuery(c);
        if (!asked.ok) return asked.response;
        const body = await parseBody(c, restoreBody);
        if (!body.ok) return body.response;
        const version = idFromPath(c.req.param("version"));
        if (isTranslated(asked.locale)) {
          const locale = asked.locale;
          const revision =
            version === undefined ? undefined : await c.var.deps.store.translations.revision({ key, locale }, version);
          if (version === undefined || !revision) return jsonError(c, 404, "That version does not exist.");
          const submit = { restore: revision.data };
          return translationSaveResponse(c, translations(c), {
            id: key,
            locale,
            base: body.data.version,
            submit,
            restoredFrom: version,
          });
        }
        const revision = version === undefined ? undefined : await c.var.deps.store.documents.revision(key, version);
        if (version === undefined || !revision) return jsonError(c, 404, "That version does not exist.");
        if (key === "blog" && hasLegacyPosts(revision.data)) {
          // A version from before posts were records: its page texts, then its posts.
          const { title, subtitle } = revision.data as { title: unknown; subtitle: unknown };
          const page = await save(c, key, body.data.version, { title, subtitle }, version);
          if (page.ok) await restoreLegacyPosts(c.var.deps, c.var.user, revision.data);
          return page;
        }
        return save(c, key, body.data.version, revision.data, version);
      }),
    );
}

/** GET of a document: the stored English one, or its texts in `locale` over it. */
async function readAnswer(store: ContentDeps["store"], key: DocumentKey, locale: Locale) {
  if (!isTranslated(locale)) return (await store.documents.get(key)) satisfies StoredDocument;
  return translationAnswer(key, locale, await readLocalized(store, key, locale));
}

const sectionKey = (c: DocumentContext) => {
  const key = c.req.param("key") ?? "";
  return isSectionKey(key) ? key : undefined;
};

export const contentRoutes = new Hono<AppBindings<ContentDeps>>()
  .get("/:key", async (c) => {
    const key = sectionKey(c);
    if (!key) return jsonError(c, 404, `There is no content section "${c.req.param("key")}".`);
    const asked = localeQuery(c);
    if (!asked.ok) return asked.response;
    c.header("Cache-Control", "no-cache");
    return c.json(await readAnswer(c.var.deps.store, key, asked.locale));
  })
  .route("/:key", documentRoutes(sectionKey));

/**
 * A document no page shows (the AI settings, the Answers), as content, for staff only: the AI
 * settings hold the knowledge bases, and the Answers are met only as the chat's answers. Mounted
 * at the registry's `api` path (#content/sections.ts); what visitors see of them is the chat's
 * (server/chat/routes.ts).
 */
export const privateDocumentRoutes = (key: PrivateDocumentKey) =>
  new Hono<AppBindings<ContentDeps>>()
    .get("/", async (c) => {
      const asked = localeQuery(c);
      if (!asked.ok) return asked.response;
      c.header("Cache-Control", "no-store");
      return c.json(await readAnswer(c.var.deps.store, key, asked.locale));
    })
    .route(
      "/",
      documentRoutes(() => key),
    );
