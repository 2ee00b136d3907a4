import type { TextFormat } from "./ai-translation.ts";
import type { DocumentKey } from "./sections.ts";

/**
 * The texts of each document that have a version per language (issue 25), as
 * path patterns: `features[].title` is the title of every item of `features`,
 * `services[].features[]` every entry of every service's feature list.
 * Everything else (images, links, order, numbers, switches, names of people
 * and organisations, addresses for machines) is shared by every language and
 * edited once, in English. A list item added in English is in every language
 * at once, its texts in English until translated.
 */
export const translatableFields = {
  home: [
    "hero.title",
    "hero.subtitle",
    "hero.cta",
    "features[].title",
    "features[].description",
    "features[].imageAlt",
    "clientLogos[].logoAlt",
  ],
  services: ["title", "subtitle", "services[].title", "services[].description", "services[].features[]"],
  blog: ["title", "subtitle"],
  partners: ["title", "subtitle", "partners[].description", "partners[].logoAlt"],
  about: [
    "title",
    "subtitle",
    "story",
    "mission",
    "values[].title",
    "values[].description",
    "team[].role",
    "team[].description",
    "team[].imageAlt",
  ],
  contact: ["title", "subtitle", "info.address"],
  "privacy-policy": ["title", "content"],
  "terms-conditions": ["title", "content"],
  "ai-settings": ["greeting", "suggestedQuestions[]"],
} as const satisfies Record<DocumentKey, readonly string[]>;

/** A post's texts that have a version per language. */
export const translatablePostFields = ["title", "excerpt", "content", "imageAlt"] as const;

/**
 * How a text is written where it is not plain text (issue 26): "Translate
 * from English" tells the model, which keeps the markup (and the links'
 * addresses) as it is. A post's body is Markdown; the legal pages' bodies
 * are HTML. Keyed by field pattern, as translatableFields.
 */
export const richTextFields = {
  "privacy-policy": { content: "html" },
  "terms-conditions": { content: "html" },
} as const satisfies { [K in DocumentKey]?: { [P in (typeof translatableFields)[K][number]]?: TextFormat } };

/** How a post's texts are written where they are not plain text. */
export const richPostFields = { content: "markdown" } as const satisfies {
  [P in (typeof translatablePostFields)[number]]?: TextFormat;
};

/** How the text at `path` (`features.2.title`) of a document of `key`, or of a post, is written. */
export function textFormat(key: DocumentKey | "post", path: string): TextFormat {
  const pattern = path.replace(/\.\d+(?=\.|$)/g, "[]");
  const formats: Partial<Record<string, TextFormat>> =
    key === "post" ? richPostFields : key in richTextFields ? richTextFields[key as keyof typeof richTextFields] : {};
  return formats[pattern] ?? "plain";
}
