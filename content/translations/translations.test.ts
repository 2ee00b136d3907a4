import { describe, expect, it } from "vitest";
import { defaultPosts, documentDefaults } from "../defaults.ts";
import { textFields } from "../localize.ts";
import { translatedLocales } from "../locales.ts";
import { documentSchemas } from "../schemas.ts";
import { documentKeys } from "../sections.ts";
import { builtInTexts, builtInTranslations } from "./index.ts";

describe.each(translatedLocales)("the built-in content in %s", (locale) => {
  const translation = builtInTranslations[locale];

  it.each(documentKeys)("translates every text of %s, and nothing else", (key) => {
    const english = documentDefaults[key];
    const translated = translation.documents[key];
    expect(documentSchemas[key].parse(translated)).toEqual(translated);
    const texts = new Map(textFields(key, translated).map((field) => [field.path, field.text]));
    for (const field of textFields(key, english)) {
      if (field.text === "") continue;
      expect(texts.get(field.path), field.path).toBeTruthy();
      expect(texts.get(field.path), field.path).not.toBe(field.text);
    }
    // Shared fields are the English ones: put the English texts back and the documents are equal.
    let restored: unknown = structuredClone(translated);
    for (const field of textFields(key, english)) restored = setAt(restored, field.path, field.text);
    expect(restored).toEqual(english);
    expect(builtInTexts(locale, key).size).toBeGreaterThan(0);
  });

  it("translates every built-in post", () => {
    for (const post of defaultPosts) {
      const texts = translation.posts[post.id];
      expect(texts, post.id).toBeDefined();
      for (const field of ["title", "excerpt", "content"] as const) {
        expect(texts![field], `${post.id} ${field}`).toBeTruthy();
        expect(texts![field]).not.toBe(post[field]);
      }
    }
    expect(Object.keys(translation.posts).sort()).toEqual(defaultPosts.map((post) => post.id).sort());
  });
});

it("writes Sinhala with its zero-width joiners (ශ්‍රී, not ශ්රී)", () => {
  const all = JSON.stringify(builtInTranslations.si);
  expect(all).toContain("ශ්\u200Dරී");
  expect(all).not.toMatch(/ශ්රී/);
});

function setAt(data: unknown, path: string, value: string): unknown {
  const parts = path.split(".");
  let target = data as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) target = target[part] as Record<string, unknown>;
  target[parts.at(-1)!] = value;
  return data;
}
