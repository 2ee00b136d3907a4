import type { TextFormat } from "./ai-translation.ts";
import { landingPageSchema } from "./landing-page-schema.ts";
import { blogPostSchema, documentSchemas } from "./schemas.ts";
import type { DocumentKey } from "./sections.ts";
import { textPatterns, type TextPattern } from "./translatable-text.ts";

/**
 * The texts of each document and of a post that have a version per language (issue 25), read from
 * their schemas, where each is marked `translatable(…)` (./translatable-text.ts), as path patterns:
 * `features[].title` is the title of every item of `features`, `services[].features[]` every entry
 * of every service's feature list. A list item added in English is in every language at once, its
 * texts in English until translated.
 */
const patterns = {} as Record<DocumentKey, readonly TextPattern[]>;
export const translatableFields = {} as Record<DocumentKey, readonly string[]>;
for (const key of Object.keys(documentSchemas) as DocumentKey[]) {
  patterns[key] = textPatterns(documentSchemas[key]);
  translatableFields[key] = patterns[key].map((text) => text.pattern);
}
const postPatterns = textPatterns(blogPostSchema);

/**
 * A post's texts that have a version per language: those `blogPostSchema` marks translatable
 * (./translatable.test.ts holds this name list to the schema).
 */
export type PostTextField = "title" | "excerpt" | "content" | "imageAlt";
export const translatablePostFields = postPatterns.map((text) => text.pattern) as readonly PostTextField[];

const landingPagePatterns = textPatterns(landingPageSchema);

/**
 * A team page's texts that have a version per language (issue 42), as patterns over its blocks and
 * its variant's: `blocks[].heading` is the heading of every block that has one.
 */
export const translatableLandingPageFields: readonly string[] = landingPagePatterns.map((text) => text.pattern);

/** How the text at `path` (`features.2.title`) of a document of `key`, of a post or of a team page, is written. */
export function textFormat(key: DocumentKey | "post" | "page", path: string): TextFormat {
  const pattern = path.replace(/\.\d+(?=\.|$)/g, "[]");
  const texts = key === "post" ? postPatterns : key === "page" ? landingPagePatterns : patterns[key];
  return texts.find((text) => text.pattern === pattern)?.format ?? "plain";
}
