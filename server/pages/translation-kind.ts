import { landingPageSchema } from "#content/landing-page-schema.ts";
import type { LandingPageTranslationRecord } from "#content/landing-page-api.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import { withReviewMark } from "#content/post-status.ts";
import { POST_STATUSES } from "#content/schemas.ts";
import { z } from "#content/zod.ts";
import type { Store } from "#server/db/store.ts";
import { describeZodError } from "#server/http/errors.ts";
import type { Records } from "#server/records/records.ts";
import { languageName, type Checked, type TranslatedKind } from "#server/records/translation-save.ts";
import { isReadablePage } from "./rows.ts";
import {
  englishTextsOf,
  landingPageTranslationDataSchema,
  localizePage,
  type LandingPageTranslationData,
} from "./translation.ts";
import type { Stored, StoredLandingPage, StoredLandingPageTranslation } from "./types.ts";
import { isWriter, PAGE_NOT_FOUND } from "./writer-rules.ts";

/** What a page's translations use of the app's services. */
export interface PageTranslationDeps {
  store: Pick<Store, "pages">;
  records: Pick<Records, "pages">;
}

/**
 * A page in another language as the API answers it (`GET /api/pages/:id?locale=si`): the English page
 * with the translation's texts (English where there is none), status, publish time and review mark,
 * and each text's state. An English page its schema refuses comes as stored, with `issues`.
 */
export function translationAnswer(
  english: StoredLandingPage,
  locale: TranslatedLocale,
  translation: StoredLandingPageTranslation | undefined,
): Stored<LandingPageTranslationRecord> {
  const record = { id: english.id, locale, version: translation?.version ?? 0 };
  const changed = { englishVersion: english.version, englishTexts: englishTextsOf(english.data) };
  const by = { updatedAt: translation?.updatedAt ?? null, updatedBy: translation?.updatedBy ?? null };
  if (!isReadablePage(english))
    return { ...record, data: english.data, ...changed, states: {}, ...by, issues: english.issues };
  const readable = translation && isReadablePage(translation) ? translation : undefined;
  const { data, states } = localizePage(english.data, readable?.data);
  const answer = { ...record, data, ...changed, states, ...by };
  return translation && !readable && "issues" in translation ? { ...answer, issues: translation.issues } : answer;
}

type Current = NonNullable<Awaited<ReturnType<Store["pages"]["translations"]["get"]>>>;

/** What a page's translation keeps beside its texts. */
interface PageSent {
  status: LandingPageTranslationData["status"];
  publishAt?: string | undefined;
  review?: boolean | undefined;
}

/**
 * What a save in a language sends as `data`: the page in its English shape, as the API answers it,
 * its texts in the language; its status required (a translation is published only when someone says
 * so). The fields shared with English (address, images, links, the blocks' order) are checked as
 * English checks them, and ignored: they are edited in English.
 */
const translationInputSchema = landingPageSchema.extend({
  status: z.enum(POST_STATUSES, { error: 'status must be "draft" or "published".' }),
});

const invalid = (error: Parameters<typeof describeZodError>[0]) => ({ ok: false as const, ...describeZodError(error) });

/**
 * Team pages as server/records/translation-save.ts saves their translations: each text of the page
 * (its blocks' and its variant's) paired with the English it translates, beside the translation's own
 * status, publish time and review mark. A Writer's translation is a draft, whatever was sent.
 */
export function pageTranslations({
  store,
  records,
}: PageTranslationDeps): TranslatedKind<
  string,
  Current,
  PageSent,
  LandingPageTranslationData,
  Stored<LandingPageTranslationRecord>
> {
  const translations = store.pages.translations;
  return {
    owner: () => "page",
    textsOf: () => "this page",
    named: (_id, locale) => `This page in ${languageName(locale)}`,
    notFound: PAGE_NOT_FOUND,
    read: (id, locale) => translations.get(id, locale),
    english: (id, current, version) =>
      version === undefined ? Promise.resolve(current.english.data) : translations.englishAt(id, version),
    check(_id, data, _current, user): Checked<PageSent & { texts: unknown }> {
      const sent = translationInputSchema.safeParse(data);
      if (!sent.success) return invalid(sent.error);
      const { status, publishAt } = isWriter(user) ? { status: "draft" as const, publishAt: undefined } : sent.data;
      return { ok: true, value: { texts: sent.data, status, publishAt, review: sent.data.review } };
    },
    previous: ({ translation }) => ({
      texts: translation && isReadablePage(translation) ? translation.data.texts : {},
    }),
    compose: ({ texts }, { status, publishAt, review }) =>
      withReviewMark({
        status,
        ...(publishAt !== undefined && { publishAt }),
        ...(review !== undefined && { review }),
        texts,
      }),
    restore(past, user) {
      const parsed = landingPageTranslationDataSchema.safeParse(past);
      if (!parsed.success) return invalid(parsed.error);
      const { publishAt: _publishAt, ...draft } = parsed.data;
      const data = isWriter(user) ? { ...draft, status: "draft" as const } : parsed.data;
      return { ok: true, value: withReviewMark(data) };
    },
    async write(id, locale, save, base, user, restoredFrom) {
      const result = await records.pages.saveTranslation(id, locale, save, base, user, restoredFrom);
      if (result.ok) return { ok: true };
      if (result.reason === "conflict") return { ok: false, conflict: true };
      return { ok: false, refusal: { status: 404, error: PAGE_NOT_FOUND } };
    },
    async answer(id, locale) {
      const read = await translations.get(id, locale);
      return read && translationAnswer(read.english, locale, read.translation);
    },
    async revision(id, locale, version) {
      const revision = await translations.revision(id, locale, version);
      if (!revision) return undefined;
      // That version's texts, status and publish time over today's English page.
      const english = await store.pages.stored(id);
      const past = landingPageTranslationDataSchema.safeParse(revision.data);
      if (!english || !isReadablePage(english) || !past.success) return revision;
      return { ...revision, data: localizePage(english.data, past.data).data };
    },
  };
}
