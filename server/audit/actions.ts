import type { AuditAction, AuditTarget } from "#content/audit.ts";
import { isLocale, isTranslated } from "#content/locales.ts";
import type { Endpoint } from "#content/roles.ts";
import type { Store } from "#server/db/store.ts";

/** What an entry sees of the request it records: the path's parameters, `?locale=`, the JSON answer. */
export interface AuditedRequest {
  param(name: string): string | undefined;
  locale: string | undefined;
  /** The answer's JSON (undefined when it is not JSON). */
  answer: unknown;
  store: Pick<Store, "posts" | "pages">;
}

/** What an entry makes of a request: the target, more detail, or another action (a save that published). */
export interface AuditDescription {
  action?: AuditAction;
  target?: AuditTarget;
  detail?: Record<string, unknown>;
}

export interface AuditEntry {
  action: AuditAction;
  describe?(request: AuditedRequest): AuditDescription | Promise<AuditDescription>;
}

type Answer = {
  id?: unknown;
  version?: unknown;
  data?: { status?: unknown; review?: unknown };
  account?: { id?: unknown };
};
const answerOf = (request: AuditedRequest) => (request.answer ?? {}) as Answer;
const versionOf = (request: AuditedRequest) => {
  const version = answerOf(request).version;
  return typeof version === "number" && version > 0 ? version : undefined;
};

/** A page's (or the AI settings') save or restore: the version it made, unless it was a translation's. */
const documentTarget = (kind: "content" | "settings", key: string | undefined) => (request: AuditedRequest) => {
  const revision = request.locale ? undefined : versionOf(request);
  return {
    target: { kind, ...(key && { key }), ...(revision && { revision }) },
    ...(request.locale && { detail: { locale: request.locale } }),
  } satisfies AuditDescription;
};

/** A versioned record the trail tells of: a post or a team page, and how to read its versions. */
type SavedKind = "post" | "landing-page";
const versionsOf = (request: AuditedRequest, kind: SavedKind) =>
  kind === "post" ? request.store.posts : request.store.pages;

/**
 * Whether a post's (or team page's) save, or its translation's with `?locale=`, put it in review: the
 * version it made is marked and the one before was not (issue 28, "Submitted a post for review").
 */
async function submitted(request: AuditedRequest, kind: SavedKind): Promise<boolean> {
  const id = request.param("id");
  const version = versionOf(request);
  if (!id || !version || answerOf(request).data?.review !== true) return false;
  if (version === 1) return true;
  const { locale } = request;
  const records = versionsOf(request, kind);
  const before =
    locale === undefined
      ? await records.revision(id, version - 1)
      : isLocale(locale) && isTranslated(locale)
        ? await records.translations.revision(id, locale, version - 1)
        : undefined;
  return (before?.data as { review?: unknown } | undefined)?.review !== true;
}

/**
 * A post's (or team page's) save or restore; "….submit" when it put it in review, "….publish" when
 * the English record was not published in the version before.
 */
const recordSave =
  (kind: SavedKind) =>
  async (request: AuditedRequest): Promise<AuditDescription> => {
    const id = request.param("id");
    const revision = request.locale ? undefined : versionOf(request);
    const described: AuditDescription = {
      target: { kind, ...(id && { id }), ...(revision && { revision }) },
      ...(request.locale && { detail: { locale: request.locale } }),
    };
    if (await submitted(request, kind)) return { ...described, action: `${kind}.submit` };
    if (!id || !revision || answerOf(request).data?.status !== "published") return described;
    const before = revision > 1 ? await versionsOf(request, kind).revision(id, revision - 1) : undefined;
    const wasPublished = (before?.data as { status?: unknown } | undefined)?.status === "published";
    return wasPublished ? described : { ...described, action: `${kind}.publish` };
  };
const postSave = recordSave("post");
const pageSave = recordSave("landing-page");

/** A record's creation: the version it made; published, or sent straight for review (a Writer's). */
const created =
  (kind: SavedKind) =>
  (request: AuditedRequest): AuditDescription => {
    const { id, data } = answerOf(request);
    const revision = versionOf(request);
    return {
      target: { kind, ...(typeof id === "string" && { id }), ...(revision && { revision }) },
      ...(data?.status === "published" && { action: `${kind}.publish` as const }),
      ...(data?.review === true && { action: `${kind}.submit` as const }),
    };
  };

const byParam =
  (kind: AuditTarget["kind"]) =>
  (request: AuditedRequest): AuditDescription => {
    const id = request.param("id");
    return { target: { kind, ...(id && { id }) } };
  };

/** Images deleted at once (the library's bulk delete): which ones. */
const deletedImages = (request: AuditedRequest): AuditDescription => {
  const { deleted } = answerOf(request) as { deleted?: unknown };
  return { target: { kind: "media" }, detail: { deleted } };
};

const restoredFrom = (request: AuditedRequest) => ({ from: Number(request.param("version")) });

/**
 * Which endpoint records which action in the audit trail (issue 28 item 6), recorded after a
 * successful (2xx) answer by one middleware (./recorder.ts). An endpoint is "METHOD /api/pattern" as
 * in the permission table (#content/roles.ts); `describe` finds the target in the path and the
 * answer. Sign-ins, failed ones too, are noted by the sign-in route itself (`c.var.audit`).
 */
export const AUDITED: Partial<Record<Endpoint, AuditEntry>> = {
  "POST /api/auth/logout": { action: "sign-out" },
  "DELETE /api/auth/sessions": { action: "session.end-others" },
  "DELETE /api/auth/sessions/:id": { action: "session.end", describe: byParam("session") },

  "PUT /api/content/:key": {
    action: "content.save",
    describe: (request) => documentTarget("content", request.param("key"))(request),
  },
  "POST /api/content/:key/revisions/:version{[0-9]+}/restore": {
    action: "revision.restore",
    describe: (request) => {
      const described = documentTarget("content", request.param("key"))(request);
      return { ...described, detail: { ...described.detail, ...restoredFrom(request) } };
    },
  },
  "PUT /api/answers": { action: "answers.save", describe: documentTarget("content", "answers") },
  "POST /api/answers/revisions/:version{[0-9]+}/restore": {
    action: "revision.restore",
    describe: (request) => {
      const described = documentTarget("content", "answers")(request);
      return { ...described, detail: { ...described.detail, ...restoredFrom(request) } };
    },
  },
  "PUT /api/ai-settings": { action: "settings.ai", describe: documentTarget("settings", "ai-settings") },
  "POST /api/ai-settings/revisions/:version{[0-9]+}/restore": {
    action: "revision.restore",
    describe: (request) => {
      const described = documentTarget("settings", "ai-settings")(request);
      return { ...described, detail: { ...described.detail, ...restoredFrom(request) } };
    },
  },

  "POST /api/posts": { action: "post.create", describe: created("post") },
  "PUT /api/posts/:id": { action: "post.save", describe: postSave },
  "DELETE /api/posts/:id": {
    action: "post.delete",
    describe: (request) => ({
      ...byParam("post")(request),
      ...(request.locale && { detail: { locale: request.locale } }),
    }),
  },
  "POST /api/posts/:id/revisions/:version{[0-9]+}/restore": {
    action: "revision.restore",
    describe: async (request) => {
      const described = await postSave(request);
      return { ...described, action: "revision.restore", detail: { ...described.detail, ...restoredFrom(request) } };
    },
  },
  "POST /api/pages": { action: "landing-page.create", describe: created("landing-page") },
  "PUT /api/pages/:id": { action: "landing-page.save", describe: pageSave },
  "DELETE /api/pages/:id": {
    action: "landing-page.delete",
    describe: (request) => ({
      ...byParam("landing-page")(request),
      ...(request.locale && { detail: { locale: request.locale } }),
    }),
  },
  "POST /api/pages/:id/revisions/:version{[0-9]+}/restore": {
    action: "revision.restore",
    describe: async (request) => {
      const described = await pageSave(request);
      return { ...described, action: "revision.restore", detail: { ...described.detail, ...restoredFrom(request) } };
    },
  },
  "POST /api/pages/:id/use-b": {
    action: "landing-page.use-b",
    describe: async (request) => ({ ...(await pageSave(request)), action: "landing-page.use-b" }),
  },
  "POST /api/media": {
    action: "media.upload",
    describe: (request) => {
      const { id } = answerOf(request);
      return { target: { kind: "media", ...(typeof id === "string" && { id }) } };
    },
  },

  "PUT /api/media/:id": {
    action: "media.describe",
    describe: (request) => ({
      target: { kind: "media", id: request.param("id")! },
      ...(request.locale && { detail: { locale: request.locale } }),
    }),
  },
  "PUT /api/media/:id/file": {
    action: "media.replace",
    describe: (request) => {
      const { version } = answerOf(request);
      return { target: { kind: "media", id: request.param("id")! }, detail: { version } };
    },
  },
  "DELETE /api/media/:id": { action: "media.delete", describe: byParam("media") },
  "DELETE /api/media": { action: "media.delete", describe: deletedImages },
  "POST /api/media/delete": { action: "media.delete", describe: deletedImages },

  "DELETE /api/messages/:id{[0-9]+}": { action: "message.delete", describe: byParam("message") },
  "POST /api/messages/:id{[0-9]+}/restore": { action: "message.restore", describe: byParam("message") },
  "GET /api/messages/export.csv": { action: "message.export" },
  "DELETE /api/conversations/:id": { action: "conversation.delete", describe: byParam("conversation") },
  "GET /api/conversations/export.csv": { action: "conversation.export" },

  "POST /api/accounts": {
    action: "account.create",
    describe: (request) => {
      const account = answerOf(request).account as { id?: unknown; email?: unknown; role?: unknown } | undefined;
      return {
        target: { kind: "account", id: String(account?.id ?? ""), key: String(account?.email ?? "") },
        detail: { role: account?.role },
      };
    },
  },
  "PUT /api/accounts/:id{[0-9]+}": {
    action: "account.role",
    describe: (request) => {
      const account = answerOf(request).account as { email?: unknown; role?: unknown } | undefined;
      return {
        target: { kind: "account", id: request.param("id")!, key: String(account?.email ?? "") },
        detail: { role: account?.role },
      };
    },
  },
  "DELETE /api/accounts/:id{[0-9]+}": {
    action: "account.delete",
    describe: (request) => ({
      target: {
        kind: "account",
        id: request.param("id")!,
        key: String((answerOf(request) as { email?: unknown }).email ?? ""),
      },
    }),
  },
  "POST /api/accounts/password": { action: "password.change" },
  "POST /api/auth/totp/confirm": { action: "two-factor.on" },
  "DELETE /api/auth/totp": { action: "two-factor.off" },
  "POST /api/auth/passkeys": {
    action: "passkey.add",
    describe: (request) => {
      const passkey = (answerOf(request) as { passkey?: { id?: unknown; name?: unknown } }).passkey;
      return { target: { kind: "passkey", id: String(passkey?.id ?? ""), key: String(passkey?.name ?? "") } };
    },
  },
  "DELETE /api/auth/passkeys/:id": { action: "passkey.remove", describe: byParam("passkey") },
  "PUT /api/auth/two-factor-policy": {
    action: "settings.two-factor",
    describe: (request) => ({ detail: { required: (answerOf(request) as { required?: unknown }).required } }),
  },
  "POST /api/invitations": {
    action: "invitation.create",
    describe: (request) => {
      const invitation = (answerOf(request) as { invitation?: { id?: unknown; email?: unknown; role?: unknown } })
        .invitation;
      return {
        target: { kind: "invitation", id: String(invitation?.id ?? ""), key: String(invitation?.email ?? "") },
        detail: { role: invitation?.role },
      };
    },
  },
  "DELETE /api/invitations/:id{[0-9]+}": { action: "invitation.revoke", describe: byParam("invitation") },
  "GET /api/backup": { action: "backup.download" },
  "GET /api/audit/export.csv": { action: "audit.export" },
};
