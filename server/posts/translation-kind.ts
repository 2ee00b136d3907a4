import { withReviewMark } from "#content/post-status.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import type { AsStored, PostRecord, PostTranslationRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { Store } from "#server/db/store.ts";
import { describeZodError } from "#server/http/errors.ts";
import type { Records } from "#server/records/records.ts";
import { languageName, type Checked, type TranslatedKind } from "#server/records/translation-save.ts";
import { isReadable } from "./records.ts";
import {
  localizePost,
  postTextFields,
  postTranslationDataSchema,
  postTranslationInputSchema,
  textsOf,
} from "./translation.ts";
import { isReadableTranslation } from "./translation-store.ts";
import type { PostTranslationSave, StoredPostTranslation } from "./types.ts";
import { isWriter, POST_NOT_FOUND } from "./writer-rules.ts";

/** What a post's translations use of the app's services. */
export interface PostTranslationDeps {
  store: Pick<Store, "posts">;
  records: Pick<Records, "posts">;
}

/**
 * A post in another language as the API answers it: the English post with the translation's texts
 * (English where there is none), status and publish time, and each text's state. What is stored
 * that its schema refuses (the English post, or the translation) comes as stored, with `issues`:
 * a save fixes the translation; the English post is fixed in English.
 */
export function translationAnswer(
  english: AsStored<PostRecord>,
  locale: TranslatedLocale,
  translation: StoredPostTranslation | undefined,
): AsStored<PostTranslationRecord> {
  const record = {
    id: english.id,
    locale,
    version: translation?.version ?? 0,
    slug: translation?.slug ?? english.slug,
  };
  const changed = { englishVersion: english.version, englishTexts: textsOf(english.data) };
  const by = { updatedAt: translation?.updatedAt ?? null, updatedBy: translation?.updatedBy ?? null };
  if (!isReadable(english))
    return { ...record, data: english.data, ...changed, states: {}, ...by, issues: english.issues };
  const readable = translation && isReadableTranslation(translation) ? translation : undefined;
  const { data, states } = localizePost(english.data, readable?.data);
  const answer = { ...record, data, ...changed, states, ...by };
  return translation && !readable && "issues" in translation ? { ...answer, issues: translation.issues } : answer;
}

type Current = NonNullable<Awaited<ReturnType<Store["posts"]["translations"]["get"]>>>;

/** What a post's translation keeps beside its texts. */
interface PostSent {
  status: BlogPost["status"];
  publishAt?: string | undefined;
  review?: boolean | undefined;
  slug?: string | undefined;
}

const invalid = (error: Parameters<typeof describeZodError>[0]) => ({ ok: false as const, ...describeZodError(error) });

/**
 * Posts as server/records/translation-save.ts saves their translations: the post's texts (title,
 * excerpt, body, image text) each paired with the English it translates, beside the translation's
 * own status, publish time, review mark and address. A Writer's translation is a draft, whatever was
 * sent (./writer-rules.ts).
 */
export function postTranslations({
  store,
  records,
}: PostTranslationDeps): TranslatedKind<
  string,
  Current,
  PostSent,
  PostTranslationSave,
  AsStored<PostTranslationRecord>
> {
  const translations = store.posts.translations;
  return {
    owner: () => "post",
    textsOf: () => `a post (its texts are ${postTextFields.join(", ")})`,
    named: (_id, locale) => `This post in ${languageName(locale)}`,
    notFound: POST_NOT_FOUND,
    read: (id, locale) => translations.get(id, locale),
    english: (id, current, version) =>
      version === undefined ? Promise.resolve(textsOf(current.english.data)) : translations.englishTexts(id, version),
    check(_id, data, _current, user): Checked<PostSent & { texts: unknown }> {
      const sent = postTranslationInputSchema.safeParse(data);
      if (!sent.success) return invalid(sent.error);
      const { status, publishAt } = isWriter(user) ? { status: "draft" as const, publishAt: undefined } : sent.data;
      const { slug, review } = sent.data;
      return { ok: true, value: { texts: textsOf(sent.data), status, publishAt, review, slug } };
    },
    previous: ({ translation }) => ({
      texts: translation && isReadableTranslation(translation) ? translation.data.texts : {},
    }),
    compose: ({ texts }, { status, publishAt, review, slug }) => ({
      data: withReviewMark({
        status,
        ...(publishAt !== undefined && { publishAt }),
        ...(review !== undefined && { review }),
        texts,
      }),
      slug: slug === undefined ? undefined : { slug, ifTaken: "refuse" },
    }),
    restore(past, user) {
      // A past version as it was, checked by today's rules; its address back unless another post has it now.
      const parsed = postTranslationDataSchema.safeParse(past);
      if (!parsed.success) return invalid(parsed.error);
      const { slug, formerSlugs: _formerSlugs, ...restored } = parsed.data;
      const { publishAt: _publishAt, ...draft } = restored;
      const data = isWriter(user) ? { ...draft, status: "draft" as const } : restored;
      return { ok: true, value: { data: withReviewMark(data), slug: { slug, ifTaken: "keep" } } };
    },
    async write(id, locale, save, base, user, restoredFrom) {
      const result = await records.posts.saveTranslation(id, locale, save, base, user, restoredFrom);
      if (result.ok) return { ok: true };
      if (result.reason === "conflict") return { ok: false, conflict: true };
      if (result.reason === "no-post") return { ok: false, refusal: { status: 404, error: POST_NOT_FOUND } };
      const message = `The address "${result.slug}" is already used by another post in ${languageName(locale)}.`;
      return {
        ok: false,
        refusal: { status: 400, error: `slug: ${message}`, details: { issues: [{ path: "slug", message }] } },
      };
    },
    async answer(id, locale) {
      const read = await translations.get(id, locale);
      return read && translationAnswer(read.english, locale, read.translation);
    },
    async revision(id, locale, version) {
      const revision = await translations.revision(id, locale, version);
      if (!revision) return undefined;
      // That version's texts, status and address over today's English post.
      const english = await store.posts.stored(id);
      const past = postTranslationDataSchema.safeParse(revision.data);
      if (!english || !isReadable(english) || !past.success) return revision;
      const { data } = localizePost(english.data, past.data);
      return { ...revision, slug: past.data.slug, data };
    },
  };
}
