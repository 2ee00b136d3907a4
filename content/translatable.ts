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
  home: ["hero.title", "hero.subtitle", "hero.cta", "features[].title", "features[].description"],
  services: ["title", "subtitle", "services[].title", "services[].description", "services[].features[]"],
  blog: ["title", "subtitle"],
  partners: ["title", "subtitle", "partners[].description"],
  about: [
    "title",
    "subtitle",
    "story",
    "mission",
    "values[].title",
    "values[].description",
    "team[].role",
    "team[].description",
  ],
  contact: ["title", "subtitle", "info.address"],
  "privacy-policy": ["title", "content"],
  "terms-conditions": ["title", "content"],
  "ai-settings": ["greeting", "suggestedQuestions[]"],
} as const satisfies Record<DocumentKey, readonly string[]>;

/** A post's texts that have a version per language. */
export const translatablePostFields = ["title", "excerpt", "content"] as const;
