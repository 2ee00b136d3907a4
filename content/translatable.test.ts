import { describe, expect, it } from "vitest";
import { textFormat, translatableFields, translatablePostFields, type PostTextField } from "./translatable.ts";

describe("translatable texts, read from the schemas", () => {
  it("lists each document's texts in schema order, lists and lists of lists as patterns", () => {
    expect(translatableFields.home).toEqual([
      "hero.title",
      "hero.subtitle",
      "hero.cta",
      "features[].title",
      "features[].description",
      "features[].imageAlt",
      "clientLogos[].logoAlt",
    ]);
    expect(translatableFields.services).toEqual([
      "title",
      "subtitle",
      "services[].title",
      "services[].description",
      "services[].features[]",
    ]);
    expect(translatableFields.contact).toEqual(["title", "subtitle", "info.address"]);
    expect(translatableFields["ai-settings"]).toEqual(["greeting", "suggestedQuestions[]"]);
  });

  it("leaves shared fields alone: images, links, names, numbers, switches, e-mail and phone", () => {
    const all = Object.values(translatableFields).flat();
    for (const shared of ["image", "logo", "website", "name", "placementId", "showInHomepage", "email", "phone"])
      expect(
        all.filter((path) => path.split(/[.[\]]+/).includes(shared)),
        shared,
      ).toEqual([]);
  });

  it("a post's texts are the PostTextField names, its body Markdown; the legal pages' bodies HTML", () => {
    const names: readonly PostTextField[] = ["title", "excerpt", "content", "imageAlt"];
    expect(translatablePostFields).toEqual(names);
    expect(textFormat("post", "content")).toBe("markdown");
    expect(textFormat("privacy-policy", "content")).toBe("html");
    expect(textFormat("services", "services.3.features.1")).toBe("plain");
  });
});
