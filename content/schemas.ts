import { asMediaAddress } from "./media.ts";
import { z } from "./zod.ts";
import { singleLine } from "./single-line.ts";
import { storableText } from "./storable-text.ts";
import { translatable } from "./translatable-text.ts";
import { CHAT_RETENTION_DEFAULT_DAYS, CHAT_RETENTION_MAX_DAYS } from "./conversations.ts";
import { DEFAULT_TRANSLATION_GUIDES, GLOSSARY_MAX_TERMS, GLOSSARY_TERM_MAX, STYLE_NOTE_MAX } from "./ai-translation.ts";
import { translatedLocales, type TranslatedLocale } from "./locales.ts";
import { DEFAULT_SUGGESTED_QUESTIONS, SUGGESTED_QUESTION_MAX, SUGGESTED_QUESTIONS_MAX } from "./suggested-questions.ts";

/**
 * One zod schema per content section (docs/product.md §3). The same schemas validate the
 * admin editors, the HTTP API and every read from the store. Objects are
 * strict: an unknown field is refused with a message naming it, so a typo in
 * an API client never silently drops data (docs/decisions/002-strict-schemas.md).
 */

export const LIMITS = {
  shortText: 300,
  text: 5_000,
  longText: 200_000,
  url: 2_000,
  list: 200,
} as const;

/** Every text field: NUL dropped and lone surrogates replaced, as both databases store it (decision 008). */
const string = () => z.string().overwrite(storableText);

/** A title, a name, a phone number: one line, line breaks and control characters folded into a space. */
const shortText = string().overwrite(singleLine).trim().max(LIMITS.shortText, "Keep this under 300 characters.");
const text = string().max(LIMITS.text, "Keep this under 5,000 characters.");
const longText = string().max(LIMITS.longText, "Keep this under 200,000 characters.");
/**
 * An image's alt text for one use (issue 27): optional; when given, the page says it instead of
 * the media library's alt text for the image (docs/decisions/025-alt-text-per-use.md).
 */
const altText = shortText.optional();

/**
 * An address as a browser reads it (WHATWG URL parsing): tabs and line breaks
 * removed anywhere, control characters and spaces before it dropped. So
 * "java\tscript:" is checked as the "javascript:" a browser would run.
 */
export function addressAsBrowsersRead(value: string): string {
  const joined = value.replace(/[\t\n\r]/g, "");
  let start = 0;
  while (start < joined.length && joined.charCodeAt(start) <= 0x20) start++;
  return joined.slice(start);
}

/** Whether a browser would run the address as script (or a document made from it). */
export const isScriptAddress = (value: string) => /^(javascript|data|vbscript):/i.test(addressAsBrowsersRead(value));

/**
 * A link or image address: empty, a site path, an in-page anchor or an http(s) URL. An upload is
 * kept as its own address, `/media/<id>`, even when one of its files' is given: content refers to
 * an image, not to the files it has now (docs/decisions/027-images-by-id.md).
 */
export const urlField = string()
  .trim()
  .overwrite(asMediaAddress)
  .max(LIMITS.url, "Keep addresses under 2,000 characters.")
  .refine((value) => value === "" || /^(https?:\/\/|\/(?![/\\])|#|mailto:|tel:)/i.test(addressAsBrowsersRead(value)), {
    message: "Use an address starting with https://, http://, /, #, mailto: or tel:.",
  });

const list = <T extends z.ZodType>(item: T) => z.array(item).max(LIMITS.list, "A list can hold at most 200 items.");

const placementId = z.number().int().min(0).max(100_000);

/**
 * The dates a post may carry: from 2000-01-01 (inclusive) to 2101-01-01 (exclusive), UTC. Dates
 * are stored, sorted and compared as ISO text on both databases, and text order is time order
 * only while every year has four digits: JavaScript writes a year past 9999 as "+010000-…", and
 * the calendar code reads years before 100 as 19xx (year 0 was dated 1901-01-01). No post of
 * this site predates 2000 and none is scheduled a lifetime ahead, so the range keeps back-dated
 * imports and far-off schedules, and any time zone's offset keeps its dates four-digit.
 */
const DATES_FROM = Date.UTC(2000, 0, 1);
const DATES_BEFORE = Date.UTC(2101, 0, 1);
const DATE_RANGE = "Use a date between 2000 and 2100.";
const inDateRange = (time: number) => time >= DATES_FROM && time < DATES_BEFORE;

/** YYYY-MM-DD, a real calendar date between 2000 and 2100. */
export const isoDate = string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2025-01-31.", abort: true })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: "Use a real date.", abort: true },
  )
  .refine((value) => inDateRange(Date.parse(`${value}T00:00:00Z`)), DATE_RANGE);

/** A date and time with its offset (`error` when it is none), an instant between 2000 and 2100. */
const isoDateTime = (error?: string) =>
  z.iso
    .datetime({ offset: true, abort: true, ...(error && { error }) })
    .refine((value) => inDateRange(Date.parse(value)), DATE_RANGE);

export const homeSchema = z.strictObject({
  hero: z.strictObject({
    title: translatable(shortText),
    subtitle: translatable(text),
    cta: translatable(shortText),
    // Any text may be stored (docs/product.md §2: only #, http and / targets are acted on), but never a script URL.
    ctaUrl: string()
      .trim()
      .max(LIMITS.url)
      .refine((value) => !isScriptAddress(value), "Script addresses are not allowed here."),
    ctaColor: string()
      .trim()
      .max(200)
      .regex(/^[\w\s:/-]*$/, "Use class names made of letters, digits, -, : and /."),
  }),
  features: list(
    z.strictObject({
      title: translatable(shortText),
      description: translatable(text),
      image: urlField,
      imageAlt: translatable(altText),
    }),
  ),
  clientLogos: list(
    z.strictObject({
      name: shortText,
      logo: urlField,
      logoAlt: translatable(altText),
      website: urlField,
    }),
  ),
});

export const servicesSchema = z.strictObject({
  title: translatable(shortText),
  subtitle: translatable(text),
  services: list(
    z.strictObject({
      title: translatable(shortText),
      description: translatable(text),
      features: list(translatable(shortText)),
      placementId,
    }),
  ),
});

/** A post's web address part: lowercase words joined by "-" (content/rules.ts `postSlug`). */
const postSlugText = string()
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and single dashes.");

/**
 * One blog post as stored in its record (server/posts/): the record holds its
 * stable id, version and address (slug); this is what the admin edits.
 */
/** A post is a draft or published; a published post with a future `publishAt` is scheduled. */
export const POST_STATUSES = ["draft", "published"] as const;

export const blogPostSchema = z.strictObject({
  /** Addresses this post had before it was renamed: kept by the server, answered with a redirect. */
  formerSlugs: z.array(postSlugText).max(20, "A post keeps at most 20 former addresses.").optional(),
  title: translatable(shortText),
  excerpt: translatable(text),
  content: translatable(longText, "markdown"),
  date: isoDate,
  readTime: string().trim().max(40),
  image: urlField,
  imageAlt: translatable(altText),
  featured: z.boolean(),
  placementId,
  updatedAt: isoDateTime().optional(),
  /** Whether visitors may see it: a draft never; a published post from `publishAt` on (docs/product.md §3). */
  status: z.enum(POST_STATUSES).default("published"),
  /** When it goes (or went) live, with the site's offset; in the future, the post is scheduled. */
  publishAt: isoDateTime("Publish at must be a date and time with an offset.").optional(),
  /**
   * "In review": a draft its Writer asked an Editor to look at (issue 28). Only a draft keeps it;
   * publishing drops it (content/post-status.ts `withReviewMark`). Never shown to visitors.
   */
  review: z.boolean({ error: "review must be true or false." }).optional(),
});

/** The Blog page's own texts; its posts are records of their own (server/posts/). */
export const blogSchema = z.strictObject({
  title: translatable(shortText),
  subtitle: translatable(text),
});

/**
 * The blog document as stored before posts became records (migration
 * 0004-posts): its revisions still hold every post, and restoring one brings
 * them back (server/posts/legacy.ts).
 */
export const legacyBlogSchema = z.strictObject({
  title: shortText,
  subtitle: text,
  posts: list(
    blogPostSchema.extend({
      id: string()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, "A post id is letters, digits, - and _.")
        .optional(),
    }),
  ),
});

export const partnersSchema = z.strictObject({
  title: translatable(shortText),
  subtitle: translatable(text),
  partners: list(
    z.strictObject({
      name: shortText,
      description: translatable(text),
      logo: urlField,
      logoAlt: translatable(altText),
      website: urlField,
      placementId,
      showInHomepage: z.boolean().default(true),
    }),
  ),
});

export const aboutSchema = z.strictObject({
  title: translatable(shortText),
  subtitle: translatable(text),
  story: translatable(longText),
  mission: translatable(text),
  values: list(z.strictObject({ title: translatable(shortText), description: translatable(text) })),
  team: list(
    z.strictObject({
      name: shortText,
      role: translatable(shortText),
      description: translatable(text),
      image: urlField,
      imageAlt: translatable(altText),
    }),
  ),
});

/** Map coordinates are kept as text, as in the original; each may stay empty. */
const coordinate = (min: number, max: number, label: string) =>
  string()
    .trim()
    .max(20)
    .refine(
      (value) => value === "" || (Number.isFinite(Number(value)) && Number(value) >= min && Number(value) <= max),
      {
        message: `${label} must be a number from ${min} to ${max}.`,
      },
    );

export const contactSchema = z.strictObject({
  title: translatable(shortText),
  subtitle: translatable(text),
  info: z.strictObject({
    address: translatable(text),
    email: z.union([z.literal(""), z.email("Enter a valid email address.").max(LIMITS.shortText)]),
    phone: shortText,
    website: shortText,
  }),
  map: z.strictObject({
    lat: coordinate(-90, 90, "Latitude"),
    lng: coordinate(-180, 180, "Longitude"),
    zoom: coordinate(0, 21, "Zoom"),
  }),
  mapEmbed: string().max(LIMITS.text),
});

export const legalSchema = z.strictObject({
  title: translatable(shortText),
  content: translatable(longText, "html"),
});

/** A glossary's term or its translation: one line, trimmed. */
const glossaryText = string()
  .overwrite(singleLine)
  .trim()
  .max(GLOSSARY_TERM_MAX, `Keep this under ${GLOSSARY_TERM_MAX} characters.`);

/**
 * How the AI translates into one language ("Translate from English", issue 26):
 * a note on tone, and terms kept as they are (`translation` empty) or always
 * translated one way. A term is found in a text whatever its case, so two
 * terms differing only in case are one term twice.
 */
const translationGuideSchema = z.strictObject({
  style: string()
    .trim()
    .max(STYLE_NOTE_MAX, `Keep the style note under ${STYLE_NOTE_MAX.toLocaleString("en-US")} characters.`),
  glossary: z
    .array(
      z.strictObject({
        term: glossaryText.min(1, "Type a term or remove this one."),
        translation: glossaryText,
      }),
    )
    .max(GLOSSARY_MAX_TERMS, `A glossary can hold at most ${GLOSSARY_MAX_TERMS} terms.`)
    .superRefine((glossary, ctx) => {
      const seen = new Set<string>();
      glossary.forEach(({ term }, index) => {
        const key = term.toLocaleLowerCase("en");
        if (seen.has(key))
          ctx.addIssue({ code: "custom", path: [index, "term"], message: `"${term}" is already in the glossary.` });
        seen.add(key);
      });
    }),
});

/** One guide per translated language (./locales.ts), each defaulted on its own so a language added later reads too. */
const translationGuidesSchema = z.strictObject(
  Object.fromEntries(
    translatedLocales.map((locale) => [
      locale,
      translationGuideSchema.default(() => structuredClone(DEFAULT_TRANSLATION_GUIDES[locale])),
    ]),
  ) as Record<TranslatedLocale, z.ZodDefault<typeof translationGuideSchema>>,
);

export const aiSettingsSchema = z.strictObject({
  greeting: translatable(string().trim().max(1_000)),
  knowledgeBase: longText,
  blogKnowledgeBase: longText,
  /** Most chat answers the public assistant gives per calendar day, all visitors together; 0 = chat off. */
  // Defaulted so AI settings saved before this field existed still read.
  chatDailyLimit: z.number().int().min(0).max(1_000_000).default(500),
  /** Days chat conversations are kept for staff before they are deleted. */
  chatRetentionDays: z
    .number()
    .int()
    .min(1, "Keep conversations at least 1 day.")
    .max(CHAT_RETENTION_MAX_DAYS, `Keep conversations at most ${CHAT_RETENTION_MAX_DAYS} days.`)
    .default(CHAT_RETENTION_DEFAULT_DAYS),
  /** Up to four questions shown as buttons when a visitor opens the chat; clicking one asks it. */
  suggestedQuestions: z
    .array(
      translatable(
        string()
          .trim()
          .min(1, "Type a question or remove this one.")
          .max(SUGGESTED_QUESTION_MAX, `Keep a question under ${SUGGESTED_QUESTION_MAX} characters.`),
      ),
    )
    .max(SUGGESTED_QUESTIONS_MAX, `Suggest at most ${SUGGESTED_QUESTIONS_MAX} questions.`)
    .default(() => [...DEFAULT_SUGGESTED_QUESTIONS]),
  /**
   * The glossary and style of each language the AI translates into: shared, not
   * a text with a version per language (./translatable-text.ts), edited in English.
   * Defaulted so AI settings saved before it existed still read.
   */
  translation: translationGuidesSchema.default(() => structuredClone(DEFAULT_TRANSLATION_GUIDES)),
});

/** Most other ways of asking one question an answer may list. */
export const OTHER_WAYS_MAX = 20;

/**
 * One entry of the Answers (issue 41 item 3): a question visitors ask, other ways they ask it, and
 * the answer the chat gives (server/chat/answers.ts). All three are texts of each language.
 */
export const answerEntrySchema = z.strictObject({
  question: translatable(shortText.min(1, "Type the question, or remove this answer.")),
  otherWays: z
    .array(translatable(shortText.min(1, "Type another way of asking, or remove this one.")))
    .max(OTHER_WAYS_MAX, `List at most ${OTHER_WAYS_MAX} other ways of asking.`),
  answer: translatable(text.trim().min(1, "Write the answer the assistant should give.")),
  placementId,
});

export const answersSchema = z.strictObject({ answers: list(answerEntrySchema) });

/**
 * The schema of every document in the registry (./sections.ts), by key. The
 * registry holds this table to its keys (its DocumentOf), so this module needs
 * not import it.
 */
export const documentSchemas = {
  home: homeSchema,
  services: servicesSchema,
  blog: blogSchema,
  partners: partnersSchema,
  about: aboutSchema,
  contact: contactSchema,
  "privacy-policy": legalSchema,
  "terms-conditions": legalSchema,
  "ai-settings": aiSettingsSchema,
  answers: answersSchema,
} as const satisfies Record<string, z.ZodType>;

export type HomeContent = z.infer<typeof homeSchema>;
export type ServicesContent = z.infer<typeof servicesSchema>;
export type BlogContent = z.infer<typeof blogSchema>;
export type BlogPost = z.infer<typeof blogPostSchema>;
/** A post as the API accepts it: `status` may be left out (published). */
export type BlogPostInput = z.input<typeof blogPostSchema>;
export type LegacyBlogContent = z.infer<typeof legacyBlogSchema>;
export type PartnersContent = z.infer<typeof partnersSchema>;
export type Partner = PartnersContent["partners"][number];
export type AboutContent = z.infer<typeof aboutSchema>;
export type ContactContent = z.infer<typeof contactSchema>;
export type LegalContent = z.infer<typeof legalSchema>;
export type AiSettings = z.infer<typeof aiSettingsSchema>;
export type AnswersContent = z.infer<typeof answersSchema>;
export type AnswerEntry = AnswersContent["answers"][number];
export type { GlossaryTerm, TranslationGuide } from "./ai-translation.ts";

/**
 * The field builders every content schema is made of, for schemas kept in modules of their own
 * (the team's landing pages, ./landing-page-schema.ts): the same limits, messages and storable text.
 */
export const fields = { string, shortText, text, longText, altText, list, placementId, isoDateTime } as const;
