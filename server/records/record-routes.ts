import { Hono, type Context } from "hono";
import type { RevisionList, RevisionSummary } from "#content/documents.ts";
import { isTranslated, type TranslatedLocale } from "#content/locales.ts";
import { refusedInEnglish, restoreBody, saveBody } from "#content/record-saves.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { localeQuery } from "#server/http/locale-query.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { idFromPath } from "#server/http/record-id.ts";
import type { Saver } from "./saver.ts";
import { languageName, translationSaveResponse, type TranslatedKind } from "./translation-save.ts";

/** A kept version as a kind's store reads it back. */
interface KeptVersion {
  version: number;
  data: unknown;
}

/** What the routes read of a kind's store: its records as stored, their versions, and their translations'. */
export interface VersionedRecords {
  stored(id: string): Promise<object | undefined>;
  revisions(id: string): Promise<RevisionSummary[]>;
  revision(id: string, version: number): Promise<KeptVersion | undefined>;
  translations: {
    /** The record and its translation into `locale`; undefined: no such record. */
    get(id: string, locale: TranslatedLocale): Promise<object | undefined>;
    revisions(id: string, locale: TranslatedLocale): Promise<RevisionSummary[]>;
    revision(id: string, locale: TranslatedLocale, version: number): Promise<KeptVersion | undefined>;
  };
}

/** What the deletions ask of the records service (./records.ts), which announces them. */
export interface RemovedRecords {
  /** Whether there was one to remove. */
  remove(id: string, by: Saver): Promise<boolean>;
  /** Its last version, or undefined when there was none. */
  removeTranslation(id: string, locale: TranslatedLocale, by: Saver): Promise<object | undefined>;
}

/**
 * A kind of versioned record kept by id (a post, a team page): how the routes find one and what they
 * ask of it. `Answer` is what its translations answer (./translation-save.ts).
 */
export interface RecordRoutesKind<Deps, Current, Sent, Save, Answer extends { updatedBy: string | null }> {
  /** What the messages call a record: "post", "page". */
  noun: string;
  /** The record's id from the path, or undefined (answered with 404) when no record of the kind can have it. */
  id(c: Context<AppBindings<Deps>>): string | undefined;
  /** The 404's message for a record that is not there. */
  notFound: string;
  /** Why the signed-in user may not read (or, with `write`, change) record `id`: the answer, or undefined. */
  refused(c: Context<AppBindings<Deps>>, id: string | undefined, write: boolean): Promise<Response | undefined>;
  store(deps: Deps): VersionedRecords;
  records(deps: NoInfer<Deps>): RemovedRecords;
  translations(deps: NoInfer<Deps>): TranslatedKind<string, Current, Sent, Save, Answer>;
  /**
   * Saves `data` (unchecked) over version `base` of record `id` in English, a past version's when
   * `restoredFrom` is given, and answers as the kind's save does (the record, 400, 404 or 409).
   */
  save(
    c: Context<AppBindings<Deps>>,
    id: string,
    base: number,
    data: unknown,
    restoredFrom?: number,
  ): Promise<Response>;
}

/**
 * A record's routes by id, the same for every kind (../posts/routes.ts, ../pages/routes.ts): read,
 * save with a version (409 on a stale one), delete, its versions, one version, and a restore as a
 * new version; with `?locale=si` (or `ta`), the same for its translation into that language, a
 * record of its own (./translation-save.ts saves it). A record its schema refuses comes as stored,
 * with what is wrong: the admin fixes it with a save, or deletes it. Mounted at the kind's API path,
 * so the endpoints (and the permission and audit tables keyed by them) are the kind's own.
 */
export function recordRoutes<Deps, Current, Sent, Save, Answer extends { updatedBy: string | null }>(
  kind: RecordRoutesKind<Deps, Current, Sent, Save, Answer>,
) {
  type KindContext = Context<AppBindings<Deps>>;
  const notFound = (c: KindContext) => jsonError(c, 404, kind.notFound);
  const noVersion = (c: KindContext) => jsonError(c, 404, "That version does not exist.");

  return new Hono<AppBindings<Deps>>()
    .get("/:id", async (c) => {
      const asked = localeQuery(c);
      if (!asked.ok) return asked.response;
      const id = kind.id(c);
      c.header("Cache-Control", "no-store");
      const refused = await kind.refused(c, id, false);
      if (refused) return refused;
      if (isTranslated(asked.locale)) {
        const answer = id && (await kind.translations(c.var.deps).answer(id, asked.locale));
        return answer ? c.json(answer as object) : notFound(c);
      }
      const record = id && (await kind.store(c.var.deps).stored(id));
      return record ? c.json(record) : notFound(c);
    })
    .put("/:id", async (c) => {
      const asked = localeQuery(c);
      if (!asked.ok) return asked.response;
      const id = kind.id(c);
      if (!id) return notFound(c);
      const refused = await kind.refused(c, id, true);
      if (refused) return refused;
      const body = await parseBody(c, saveBody);
      if (!body.ok) return body.response;
      const { version, data, englishVersion, confirmed } = body.data;
      if (isTranslated(asked.locale))
        return translationSaveResponse(c, kind.translations(c.var.deps), {
          id,
          locale: asked.locale,
          base: version,
          submit: { data, englishVersion, confirmed },
        });
      const wrong = refusedInEnglish(body.data);
      if (wrong) return jsonError(c, 400, wrong);
      return kind.save(c, id, version, data);
    })
    .delete("/:id", async (c) => {
      const asked = localeQuery(c);
      if (!asked.ok) return asked.response;
      const id = kind.id(c);
      const refused = await kind.refused(c, id, true);
      if (refused) return refused;
      const records = kind.records(c.var.deps);
      if (isTranslated(asked.locale)) {
        const locale = asked.locale;
        if (!id || !(await kind.store(c.var.deps).translations.get(id, locale))) return notFound(c);
        if (!(await records.removeTranslation(id, locale, c.var.user)))
          return jsonError(c, 404, `That ${kind.noun} has no ${languageName(locale)} translation.`);
        return c.json({ id, locale });
      }
      if (!id || !(await records.remove(id, c.var.user))) return notFound(c);
      return c.json({ id });
    })
    .get("/:id/revisions", async (c) => {
      const asked = localeQuery(c);
      if (!asked.ok) return asked.response;
      const id = kind.id(c);
      const store = kind.store(c.var.deps);
      const refused = await kind.refused(c, id, false);
      if (refused) return refused;
      if (isTranslated(asked.locale)) {
        const revisions = id ? await store.translations.revisions(id, asked.locale) : [];
        // A record never translated has no versions in the language yet; one deleted keeps its translations' versions.
        const known = revisions.length > 0 || (id !== undefined && (await store.stored(id)) !== undefined);
        return known ? c.json({ revisions } satisfies RevisionList) : notFound(c);
      }
      const revisions = id ? await store.revisions(id) : [];
      return revisions.length > 0 ? c.json({ revisions } satisfies RevisionList) : notFound(c);
    })
    .get("/:id/revisions/:version{[0-9]+}", async (c) => {
      const asked = localeQuery(c);
      if (!asked.ok) return asked.response;
      const id = kind.id(c);
      const version = idFromPath(c.req.param("version"));
      const refused = await kind.refused(c, id, false);
      if (refused) return refused;
      if (!id || version === undefined) return noVersion(c);
      // A translation's version as the page would have read it: its texts over today's English.
      const revision = isTranslated(asked.locale)
        ? await kind.translations(c.var.deps).revision(id, asked.locale, version)
        : await kind.store(c.var.deps).revision(id, version);
      return revision ? c.json(revision) : noVersion(c);
    })
    .post("/:id/revisions/:version{[0-9]+}/restore", async (c) => {
      const asked = localeQuery(c);
      if (!asked.ok) return asked.response;
      const id = kind.id(c);
      const refused = await kind.refused(c, id, true);
      if (refused) return refused;
      const body = await parseBody(c, restoreBody);
      if (!body.ok) return body.response;
      const version = idFromPath(c.req.param("version"));
      if (!id || version === undefined) return noVersion(c);
      const store = kind.store(c.var.deps);
      if (isTranslated(asked.locale)) {
        const revision = await store.translations.revision(id, asked.locale, version);
        if (!revision) return noVersion(c);
        return translationSaveResponse(c, kind.translations(c.var.deps), {
          id,
          locale: asked.locale,
          base: body.data.version,
          submit: { restore: revision.data },
          restoredFrom: revision.version,
        });
      }
      const revision = await store.revision(id, version);
      if (!revision) return noVersion(c);
      return kind.save(c, id, body.data.version, revision.data, revision.version);
    });
}
