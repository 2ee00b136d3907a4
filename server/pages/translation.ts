import { localize, textsByPath, translationSchema, type TextState } from "#content/localize.ts";
import { landingPageSchema, type LandingPage } from "#content/landing-page-schema.ts";
import { POST_STATUSES } from "#content/schemas.ts";
import { z } from "#content/zod.ts";

/**
 * A team page's translation into one language (issue 42): its texts by path (`blocks.0.heading`),
 * each kept with the English text it translates (content/localize.ts, the one engine of documents,
 * posts and pages), its own status, publish time and review mark. Everything else (the address,
 * images, links, the blocks' order, figures) is the English page's, edited once, in English: one
 * page, one address in every language (`/si/offers/colombo-smes`).
 */

const { shape } = landingPageSchema;

export const landingPageTranslationDataSchema = z.strictObject({
  status: z.enum(POST_STATUSES),
  publishAt: shape.publishAt,
  review: shape.review,
  texts: translationSchema.shape.texts,
});

export type LandingPageTranslationData = z.infer<typeof landingPageTranslationDataSchema>;

/** The page's fields in its schema's order, so a reader parsing the stored JSON gets the very same object. */
export function inSchemaOrder(page: LandingPage): LandingPage {
  return Object.fromEntries(
    Object.keys(shape)
      .filter((field) => field in page && page[field as keyof LandingPage] !== undefined)
      .map((field) => [field, page[field as keyof LandingPage]]),
  ) as unknown as LandingPage;
}

export interface LocalizedPage {
  /** The English page with the language's texts, status, publish time and review mark. */
  data: LandingPage;
  /** How each text shows, by path. */
  states: Record<string, TextState>;
  /** The texts shown in English. */
  english: string[];
}

/** Page `english` in the language of `translation` (none: not translated, a draft with the English texts). */
export function localizePage(english: LandingPage, translation: LandingPageTranslationData | undefined): LocalizedPage {
  const shown = localize("page", english, { texts: translation?.texts ?? {} });
  const { publishAt: _publishAt, review: _review, ...shared } = shown.data;
  const data = inSchemaOrder({
    ...shared,
    status: translation?.status ?? "draft",
    ...(translation?.publishAt !== undefined && { publishAt: translation.publishAt }),
    ...(translation?.review === true && translation.status === "draft" && { review: true }),
  });
  return { data, states: shown.states, english: shown.english };
}

/** The English texts of a page stored as it may be (one its schema refuses too), by path. */
export const englishTextsOf = (data: unknown): Record<string, string> => textsByPath("page", data);
