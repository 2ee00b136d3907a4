import { Hono, type Context } from "hono";
import { documentDefaults } from "#content/defaults.ts";
import type { LocalizedStoredDocument, RevisionList, StoredDocument } from "#content/documents.ts";
import {
  localize,
  textFields,
  textsByPath,
  translationFrom,
  translationSchema,
  type Translation,
} from "#content/localize.ts";
import { LOCALES, type Locale, type TranslatedLocale, isTranslated } from "#content/locales.ts";
import { builtInTexts } from "#content/translations/index.ts";
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
import { readLocalized, type LocalizedDocument } from "./localized.ts";
import { checkDocument } from "./normalize.ts";

/** What the content API uses of the app's services. */
type ContentDeps = {
  store: Pick<Store, "documents" | "translations" | "posts">;
  records: Pick<Records, "documents" | "posts">;
};
type DocumentContext = Context<AppBindings<ContentDeps>>;

/** A document in a language other than English, as the API answers it: the English shape, its texts in the language. */
function translationAnswer(key: DocumentKey, locale: TranslatedLocale, doc: LocalizedDocument<DocumentKey>) {
  const translation = doc.translation!;
  return {
    key,
    locale,
    version: translation.version,
    data: doc.data,
    updatedAt: translation.updatedAt,
    updatedBy: translation.updatedBy,
    englishVersion: doc.source.version,
    states: doc.states,
    englishTexts: textsByPath(key, doc.source.data),
  } satisfies LocalizedStoredDocument;
}

/** The English data of `key` at `version` (0: the built-in content), or undefined when that version is not kept. */
async function englishAt(store: ContentDeps["store"], key: DocumentKey, version: number) {
  const current = await store.documents.get(key);
  if (version === current.version) return current.data;
  if (version === 0) return documentDefaults[key];
  return (await store.documents.revision(key, version))?.data;
}

async function saveTranslation(
  c: DocumentContext,
  key: DocumentKey,
  locale: TranslatedLocale,
  baseVersion: number,
  submit: { data: unknown; englishVersion?: number; confirmed?: string[] } | { translation: Translation },
  restoredFrom?: number,
) {
  const { store, records } = c.var.deps;
  const current = await readLocalized(store, key, locale);
  let translation: Translation;
  if ("translation" in submit) translation = submit.translation;
  else {
    const checked = checkDocument(key, submit.data, current.data);
    if (!checked.ok) return jsonError(c, 400, checked.message, { issues: checked.issues });
    const seen =
      submit.englishVersion === undefined ? current.source.data : await englishAt(store, key, submit.englishVersion);
    if (seen === undefined) return jsonError(c, 400, "englishVersion names no version of the English text.");
    const confirmed = new Set(submit.confirmed);
    const paths = new Set(textFields(key, seen).map((field) => field.path));
    const unknown = [...confirmed].find((path) => !paths.has(path));
    if (unknown !== undefined)
      return jsonError(c, 400, `confirmed: "${unknown}" is not a text of ${documents[key].label}.`);
    translation = translationFrom(
      key,
      seen,
      checked.data,
      current.translation!.data,
      builtInTexts(locale, key),
      confirmed,
    );
  }
  const saved = await records.documents.saveTranslation(
    key,
    locale,
    translation,
    baseVersion,
    c.var.user,
    restoredFrom,
  );
  const now = await readLocalized(store, key, locale);
  const label = `${documents[key].label} (${LOCALES[locale].nativeName})`;
  if (!saved.ok) {
    return jsonError(
      c,
      409,
      `${label} was changed by ${saved.conflict.updatedBy ?? "someone else"} since you opened it.`,
      { current: translationAnswer(key, locale, now) },
    );
  }
  return c.json(translationAnswer(key, locale, now));
}

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
          return saveTranslation(c, key, asked.locale, version, { data, englishVersion, confirmed });
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
        const locale = asked.locale;
        const revision = await store.translations.revision({ key, locale }, version);
        if (!revision) return jsonError(c, 404, "That version does not exist.");
        // Shown as the page would have read it: that version's texts over today's English.
        const english = await store.documents.get(key);
        const texts = translationSchema.parse(revision.data);
        const { data } = localize(key, english.data, texts, builtInTexts(locale, key));
        return c.json({ ...revision, key, locale, data });
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
          const translation = translationSchema.parse(revision.data);
          return saveTranslation(c, key, locale, body.data.version, { translation }, version);
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
