import type { AccountChanged, AccountList, AccountRemoved } from "#content/accounts.ts";
import type { Role } from "#content/roles.ts";
import type { SignInAnswer } from "#content/two-factor.ts";
import type { AdminStatus } from "#content/admin-status.ts";
import type { AiTaskId, AiTaskRequest, AiTaskResult } from "#content/ai-tasks.ts";
import type { Conversation, ConversationPage } from "#content/conversations.ts";
import type { LocalizedStoredDocument, RevisionList, RevisionSummary, StoredDocument } from "#content/documents.ts";
import type { Locale, TranslatedLocale } from "#content/locales.ts";
import type { InboxPage, MessageDeleted, MessageMarked, MessageRestored } from "#content/inbox.ts";
import type { UploadedImage } from "#content/media.ts";
import type { PostListFilter, PostPage, PostRecord, PostTranslationRecord } from "#content/posts.ts";
import type { PreviewDraft } from "#content/preview.ts";
import type { SessionList } from "#content/sessions.ts";
import type { BlogPost } from "#content/schemas.ts";
import { documentApiPath, type DocumentKey } from "#content/sections.ts";
import { api, ApiError, download, upload } from "#app/lib/api.ts";
import type { SaveAnswer } from "./record-ref.ts";

/**
 * Every call the admin panel makes to the server, typed, over the one API
 * helper (#app/lib/api.ts): documents and their history, blog posts, messages,
 * accounts, media and AI drafts. Components and hooks call these, never `fetch`.
 * What each call answers is a wire type of `content/`, which the server's route
 * answers with too.
 */

// Signing in and out

/** Signed in, or (two-factor sign-in on) the code is asked next: ./two-factor-api.ts `signInWithCode`. */
export const signIn = (email: string, password: string) =>
  api<SignInAnswer>("/api/auth/login", { method: "POST", json: { email, password } });
export const signOut = () => api<unknown>("/api/auth/logout", { method: "POST" });
export const createFirstAdmin = (token: string, email: string, password: string) =>
  api<unknown>("/api/auth/setup", { method: "POST", json: { token, email, password } });
export const adminStatus = () => api<AdminStatus>("/api/admin/status");

// Documents

/** The API address of a document: those no page shows (AI settings, Answers) live under their own paths. */
export const documentUrl = (key: DocumentKey): string => documentApiPath(key);

/** `url` in a language other than English (`?locale=si`); English is the API's default. */
export const inLanguage = (url: string, locale?: TranslatedLocale) => (locale ? `${url}?locale=${locale}` : url);

export const loadDocument = (key: DocumentKey) => api<StoredDocument>(documentUrl(key));

/** One stored English version of a document (its history's), with its data. */
export const loadDocumentRevision = (key: DocumentKey, version: number) =>
  api<RevisionSummary & { data: unknown }>(`${documentUrl(key)}/revisions/${version}`);

/** A document's texts in `locale` (content/documents.ts LocalizedStoredDocument). */
export const loadTranslation = (key: DocumentKey, locale: TranslatedLocale) =>
  api<LocalizedStoredDocument>(inLanguage(documentUrl(key), locale));

/** Saves `data` over `version`; a newer version on the server answers a conflict (409) with its copy. */
export const saveDocument = (key: DocumentKey, version: number, data: unknown) =>
  putVersioned<StoredDocument>(documentUrl(key), version, data);

/**
 * What a translation's save says besides its texts: the English version they were edited against,
 * and the outdated texts confirmed as still right for it ("Still correct", by path).
 */
export interface TranslationSeen {
  englishVersion: number;
  confirmed?: readonly string[] | undefined;
}

export const seenFields = ({ englishVersion, confirmed = [] }: TranslationSeen) => ({
  englishVersion,
  ...(confirmed.length > 0 && { confirmed }),
});

/**
 * Saves the texts of `data` in `locale` over the translation's `version`,
 * each paired with the English text it was edited against (`seen`).
 */
export const saveTranslation = (
  key: DocumentKey,
  locale: TranslatedLocale,
  version: number,
  data: unknown,
  seen: TranslationSeen,
) => putVersioned<LocalizedStoredDocument>(inLanguage(documentUrl(key), locale), version, data, seenFields(seen));

/** A document's history (in `locale`: its translation's). */
export const listRevisions = async (key: DocumentKey, locale?: TranslatedLocale) =>
  (await api<RevisionList>(inLanguage(`${documentUrl(key)}/revisions`, locale))).revisions;

/** Saves revision `revision` again as the newest version; `basedOn` is the version the admin sees. */
export const restoreRevision = (key: DocumentKey, revision: number, basedOn: number, locale?: TranslatedLocale) =>
  api<StoredDocument | LocalizedStoredDocument>(
    inLanguage(`${documentUrl(key)}/revisions/${revision}/restore`, locale),
    { method: "POST", json: { version: basedOn } },
  );

/** PUTs `{version, data}` to a versioned record (documents, posts and pages answer alike: 409 with the newer copy). */
export async function putVersioned<T>(
  url: string,
  version: number,
  data: unknown,
  extra: Record<string, unknown> = {},
): Promise<SaveAnswer<T>> {
  try {
    return { kind: "saved", record: await api<T>(url, { method: "PUT", json: { version, data, ...extra } }) };
  } catch (error) {
    const current =
      error instanceof ApiError && error.status === 409 ? (error.body as { current?: T } | null)?.current : undefined;
    if (current) return { kind: "conflict", current };
    throw error;
  }
}

/** The Contact tab's map preview, sanitised by the server's own function. */
export const previewMap = (code: string, signal: AbortSignal) =>
  api<{ html: string }>("/admin/map-preview", { method: "POST", json: { code }, signal });

// Blog posts (records of their own, content/posts.ts)

/** The address of one page of a searchable list (posts, messages): `?query=` and `?page=` only when they say something. */
export function pagedUrl(path: string, query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("query", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}`;
}

const postUrl = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

/** One page of post cards, newest first, without their bodies; in `locale`, each with its status in that language. */
/** A page of posts (in `locale`), narrowed by `filter`: the drafts in review (`?review=1`) or one state (`?status=`). */
export const listPosts = (
  query = "",
  page = 1,
  signal?: AbortSignal,
  locale?: TranslatedLocale,
  filter?: PostListFilter,
) => {
  const url = pagedUrl("/api/posts", query, page);
  const params = new URLSearchParams();
  if (locale) params.set("locale", locale);
  if (filter === "review") params.set("review", "1");
  else if (filter) params.set("status", filter);
  const more = params.toString();
  const asked = more ? `${url}${url.includes("?") ? "&" : "?"}${more}` : url;
  return api<PostPage>(asked, signal ? { signal } : {});
};
export const loadPost = (id: string) => api<PostRecord>(postUrl(id));
/** One stored English version of a post (its history's), with its data as stored. */
export const loadPostRevision = (id: string, version: number) =>
  api<RevisionSummary & { data: unknown }>(`${postUrl(id)}/revisions/${version}`);
/** Stores a new post; the server gives it its id, address and version 1. */
export const createPost = (data: BlogPost) => api<PostRecord>("/api/posts", { method: "POST", json: { data } });

/** Saves one post over `version`; a newer version on the server answers a conflict (409) with its copy. */
export const savePost = (id: string, version: number, data: BlogPost) =>
  putVersioned<PostRecord>(postUrl(id), version, data);

export const deletePost = (id: string) => api<{ id: string }>(postUrl(id), { method: "DELETE" });
/** A post's history (in `locale`: its translation's). */
export const listPostRevisions = async (id: string, locale?: TranslatedLocale) =>
  (await api<RevisionList>(inLanguage(`${postUrl(id)}/revisions`, locale))).revisions;
/** Saves revision `revision` of a post (in `locale`: of its translation) again as its newest version; `basedOn` is the version the admin sees. */
export const restorePostRevision = <T = PostRecord>(
  id: string,
  revision: number,
  basedOn: number,
  locale?: TranslatedLocale,
) =>
  api<T>(inLanguage(`${postUrl(id)}/revisions/${revision}/restore`, locale), {
    method: "POST",
    json: { version: basedOn },
  });

/** A post in `locale` (content/posts.ts PostTranslationRecord): version 0 and a draft before its first save. */
export const loadPostTranslation = (id: string, locale: TranslatedLocale) =>
  api<PostTranslationRecord>(inLanguage(postUrl(id), locale));

/**
 * Saves post `id` in `locale` over the translation's `version`: its texts (each paired with the
 * English text it was edited against, `seen`), status, publish time and, when `data` has one, its
 * new address.
 */
export const savePostTranslation = (
  id: string,
  locale: TranslatedLocale,
  version: number,
  data: unknown,
  seen: TranslationSeen,
) => putVersioned<PostTranslationRecord>(inLanguage(postUrl(id), locale), version, data, seenFields(seen));

/** Deletes post `id`'s translation into `locale` (its versions stay in History); English stays. */
export const deletePostTranslation = (id: string, locale: TranslatedLocale) =>
  api<{ id: string; locale: TranslatedLocale }>(inLanguage(postUrl(id), locale), { method: "DELETE" });

// Chat conversations (content/conversations.ts)

/** The Conversations list's filters: only those with an unanswered question, only those in one language. */
export interface ConversationFilter {
  unanswered?: boolean;
  locale?: Locale | undefined;
}

export const listConversations = (query = "", page = 1, filter: ConversationFilter = {}, signal?: AbortSignal) => {
  const url = pagedUrl("/api/conversations", query, page);
  const params = new URLSearchParams();
  if (filter.unanswered) params.set("filter", "unanswered");
  if (filter.locale) params.set("locale", filter.locale);
  const filters = params.toString();
  return api<ConversationPage>(
    filters ? `${url}${url.includes("?") ? "&" : "?"}${filters}` : url,
    signal ? { signal } : {},
  );
};
export const loadConversation = (id: string) => api<Conversation>(`/api/conversations/${encodeURIComponent(id)}`);
export const deleteConversation = (id: string) =>
  api<{ id: string }>(`/api/conversations/${encodeURIComponent(id)}`, { method: "DELETE" });
// Previews of unsaved edits (content/preview.ts)

/** Stores the draft to preview under `token`; an open preview of it follows. */
export const savePreview = (token: string, draft: PreviewDraft) =>
  api<{ token: string; expiresAt: string }>(`/api/previews/${encodeURIComponent(token)}`, {
    method: "PUT",
    json: draft,
  });

// Messages

export const listMessages = (query = "", page = 1, signal?: AbortSignal) =>
  api<InboxPage>(pagedUrl("/api/messages", query, page), signal ? { signal } : {});
export const markMessage = (id: number, read: boolean) =>
  api<MessageMarked>(`/api/messages/${id}/${read ? "read" : "unread"}`, { method: "POST" });
export const deleteMessage = (id: number) => api<MessageDeleted>(`/api/messages/${id}`, { method: "DELETE" });
export const restoreMessage = (id: number) => api<MessageRestored>(`/api/messages/${id}/restore`, { method: "POST" });

// Accounts

export const listAccounts = async () => (await api<AccountList>("/api/accounts")).accounts;
export const addAccount = (email: string, password: string, role: Role) =>
  api<unknown>("/api/accounts", { method: "POST", json: { email, password, role } });
export const changeRole = (id: number, role: Role) =>
  api<AccountChanged>(`/api/accounts/${id}`, { method: "PUT", json: { role } });
/** `self`: the signed-in admin removed their own account (and is signed out). */
export const removeAccount = (id: number) => api<AccountRemoved>(`/api/accounts/${id}`, { method: "DELETE" });
export const changePassword = (currentPassword: string, newPassword: string) =>
  api<unknown>("/api/accounts/password", { method: "POST", json: { currentPassword, newPassword } });

// Media and AI

/** Sends one image to POST /api/media as multipart "file". */
export function uploadImage(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append("file", file);
  return upload<UploadedImage>("/api/media", form, onProgress);
}

/** An AI draft for the admin to review (POST /api/ai/generate); the model and its key stay on the server. */
export const generateDraft = <T extends AiTaskId>(task: T, title: string) =>
  api<AiTaskResult<T>>("/api/ai/generate", { method: "POST", json: { task, title } satisfies AiTaskRequest });

// Your sessions, confirming the password, the backup (issue 28 items 5 and 7)

export const listSessions = async () => (await api<SessionList>("/api/auth/sessions")).sessions;
export const endSession = (id: string) =>
  api<{ ok: true; current: boolean }>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
export const endOtherSessions = () => api<{ ok: true }>("/api/auth/sessions", { method: "DELETE" });
export const confirmPassword = (password: string) =>
  api<{ ok: true }>("/api/auth/confirm", { method: "POST", json: { password } });
/** The backup as a download, after the password when it was confirmed over ten minutes ago. */
export const downloadBackup = () => download("/api/backup");
