import { Hono, type Context } from "hono";
import type { RevisionList, RevisionSummary } from "#content/documents.ts";
import { isTranslated, type TranslatedLocale } from "#content/locales.ts";
import { restoreBody } from "#content/record-saves.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { localeQuery } from "#server/http/locale-query.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { idFromPath } from "#server/http/record-id.ts";
import { translationSaveResponse, type TranslatedKind } from "./translation-save.ts";

/** A kept version as a kind's store reads it back. */
interface KeptVersion {
  version: number;
  data: unknown;
}

/** What the history routes read of a kind's store: its records' versions, and their translations'. */
export interface VersionedRecords {
  stored(id: string): Promise<object | undefined>;
  revisions(id: string): Promise<RevisionSummary[]>;
  revision(id: string, version: number): Promise<KeptVersion | undefined>;
  translations: {
    revisions(id: string, locale: TranslatedLocale): Promise<RevisionSummary[]>;
    revision(id: string, locale: TranslatedLocale, version: number): Promise<KeptVersion | undefined>;
  };
}

/**
 * A kind of record with a history (a post, a team page): how the routes find it and what they ask
 * of it. `Answer` is what its translations answer (server/records/translation-save.ts).
 */
export interface RevisionRoutesKind<Deps, Current, Sent, Save, Answer extends { updatedBy: string | null }> {
  /** The record's id from the path, or undefined (answered with 404) when no record of the kind can have it. */
  id(c: Context<AppBindings<Deps>>): string | undefined;
  /** The 404's message for a record that is not there. */
  notFound: string;
  /** Why the signed-in user may not read (or, with `write`, change) record `id`: the answer, or undefined. */
  refused(c: Context<AppBindings<Deps>>, id: string | undefined, write: boolean): Promise<Response | undefined>;
  records(deps: Deps): VersionedRecords;
  translations(deps: NoInfer<Deps>): TranslatedKind<string, Current, Sent, Save, Answer>;
  /** Saves a past version's data (unchecked) over version `base` of record `id`, as the English save answers. */
  restore(
    c: Context<AppBindings<Deps>>,
    id: string,
    base: number,
    data: unknown,
    restoredFrom: number,
  ): Promise<Response>;
}

/**
 * A record's history, the same for every kind (../posts/routes.ts, ../pages/routes.ts): its
 * versions, one version, and its restore as a new version over the one the editor had (409 on a
 * stale one); with `?locale=si` (or `ta`), its translation's. Mounted at the kind's API path, so the
 * endpoints (and the permission and audit tables keyed by them) are the kind's own.
 */
export function revisionRoutes<Deps, Current, Sent, Save, Answer extends { updatedBy: string | null }>(
  kind: RevisionRoutesKind<Deps, Current, Sent, Save, Answer>,
) {
  type KindContext = Context<AppBindings<Deps>>;
  const notFound = (c: KindContext) => jsonError(c, 404, kind.notFound);
  const noVersion = (c: KindContext) => jsonError(c, 404, "That version does not exist.");

  return new Hono<AppBindings<Deps>>()
    .get("/:id/revisions", async (c) => {
      const asked = localeQuery(c);
      if (!asked.ok) return asked.response;
      const id = kind.id(c);
      const records = kind.records(c.var.deps);
      const refused = await kind.refused(c, id, false);
      if (refused) return refused;
      if (isTranslated(asked.locale)) {
        const revisions = id ? await records.translations.revisions(id, asked.locale) : [];
        // A record never translated has no versions in the language yet; one deleted keeps its translations' versions.
        const known = revisions.length > 0 || (id !== undefined && (await records.stored(id)) !== undefined);
        return known ? c.json({ revisions } satisfies RevisionList) : notFound(c);
      }
      const revisions = id ? await records.revisions(id) : [];
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
        : await kind.records(c.var.deps).revision(id, version);
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
      const records = kind.records(c.var.deps);
      if (isTranslated(asked.locale)) {
        const revision = await records.translations.revision(id, asked.locale, version);
        if (!revision) return noVersion(c);
        return translationSaveResponse(c, kind.translations(c.var.deps), {
          id,
          locale: asked.locale,
          base: body.data.version,
          submit: { restore: revision.data },
          restoredFrom: revision.version,
        });
      }
      const revision = await records.revision(id, version);
      if (!revision) return noVersion(c);
      return kind.restore(c, id, body.data.version, revision.data, revision.version);
    });
}
