import { LANDING_BLOCKS_MAX, landingPathProblem } from "./landing-pages.ts";
import { POST_STATUSES, fields, urlField } from "./schemas.ts";
import { translatable } from "./translatable-text.ts";
import { z } from "./zod.ts";

/**
 * A team page (issue 42) as the admin edits it and the API accepts it: its address, texts for
 * search engines and sharing, and its blocks, each drawn with the site's own components
 * (app/components/site/blocks/). Strict like every content schema (decision 002); the texts
 * marked `translatable` have a version per language, everything else (images, links, order,
 * numbers) is shared by every language and edited in English.
 */

const { shortText, text, longText, altText, placementId, isoDateTime } = fields;

/** A tag in a text shown as text: refused, so nobody believes a page runs or styles it. */
const TAG = /<\/?[a-z][^>]*>/i;
const noTags = <T extends z.ZodType<string | undefined>>(schema: T) =>
  schema.refine(
    (value) => value === undefined || !TAG.test(value),
    "Write plain text: HTML tags are not allowed here.",
  );

const line = (required?: string) => noTags(required ? shortText.min(1, required) : shortText);
const paragraph = noTags(text);

/** Where a button leads: a site path, an anchor, an http(s) URL, mailto: or tel: (never a script). */
const href = urlField.refine((value) => value !== "", "Give the button an address, such as /contact.");

const button = z.strictObject({
  label: translatable(line("Give the button a label.")),
  href,
});

const item = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...shape, placementId: placementId.optional() });

const items = <T extends z.ZodType>(schema: T, what: string) =>
  z.array(schema).min(1, `Add at least one ${what}.`).max(24, `A block can hold at most 24 ${what}s.`);

/** Every block carries its type and, from the admin, a stable id for dragging (`placementId`). */
const block = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), placementId: placementId.optional(), ...shape });

export const landingBlockSchema = z.discriminatedUnion(
  "type",
  [
    block("hero", {
      heading: translatable(line("Give the hero a heading.")),
      text: translatable(paragraph),
      button: button.optional(),
    }),
    block("text", { content: translatable(noTags(longText), "markdown") }),
    block("features", {
      items: items(
        item({
          title: translatable(line("Give the feature a title.")),
          text: translatable(paragraph),
          image: urlField.optional(),
          imageAlt: translatable(altText),
        }),
        "feature",
      ),
    }),
    block("services", {}),
    block("quote", {
      text: translatable(noTags(text.trim().min(1, "Write the quote."))),
      name: line("Say who said it."),
      role: translatable(line().optional()),
    }),
    block("logos", {}),
    block("stats", {
      items: items(
        item({
          value: line("Give the figure, such as 120+."),
          label: translatable(line("Say what the figure counts.")),
        }),
        "figure",
      ),
    }),
    block("image", {
      image: urlField.refine((value) => value !== "", "Choose an image."),
      alt: translatable(altText),
    }),
    block("faq", {
      items: items(
        item({
          question: translatable(line("Write the question.")),
          answer: translatable(noTags(text.trim().min(1, "Write the answer."))),
        }),
        "question",
      ),
    }),
    block("cta", {
      heading: translatable(line("Give the call to action a heading.")),
      text: translatable(paragraph.optional()),
      button,
    }),
    block("contact", {}),
  ],
  { error: (issue) => (issue.code === "invalid_union" ? "Unknown block type." : undefined) },
);

const blocks = z
  .array(landingBlockSchema)
  .max(LANDING_BLOCKS_MAX, `A page can hold at most ${LANDING_BLOCKS_MAX} blocks.`);

export const landingPageSchema = z.strictObject({
  path: z.string().superRefine((value, ctx) => {
    const problem = landingPathProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  title: translatable(line("Give the page a title.")),
  /** For search engines and link previews. */
  description: translatable(paragraph),
  /** The share image (link previews); empty: the site's. */
  image: urlField,
  noindex: z.boolean({ error: "noindex must be true or false." }),
  status: z.enum(POST_STATUSES).default("draft"),
  publishAt: isoDateTime("Publish at must be a date and time with an offset.").optional(),
  /** A draft a Writer asked an Editor to review (as posts', content/post-status.ts `withReviewMark`). */
  review: z.boolean({ error: "review must be true or false." }).optional(),
  blocks,
  /** Variant B: its own blocks, shown to half the visitors (one variant per visitor per day). */
  variants: z
    .array(z.strictObject({ name: z.literal("B", { error: 'A variant is named "B".' }), blocks }))
    .max(1, "A page has at most one variant, B.")
    .default([]),
});

export type LandingPage = z.infer<typeof landingPageSchema>;
export type LandingPageInput = z.input<typeof landingPageSchema>;
export type LandingBlock = z.infer<typeof landingBlockSchema>;
