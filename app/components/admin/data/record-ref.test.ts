import { describe, expect, it } from "vitest";
import {
  compareCopies,
  documentRef,
  inAnyLanguage,
  isTranslationOf,
  localeOf,
  pageRef,
  postRef,
  recordKey,
  sameRecord,
} from "./record-ref.ts";

describe("record refs per language", () => {
  it("English keeps the keys it always had; another language is a record of its own", () => {
    expect(recordKey(documentRef("home"))).toBe("document:home");
    expect(recordKey(documentRef("home", "en"))).toBe("document:home");
    expect(documentRef("home", "en")).toEqual({ kind: "document", id: "home" });
    expect(recordKey(documentRef("home", "si"))).toBe("document:home@si");
    expect(recordKey(documentRef("ai-settings", "ta"))).toBe("document:ai-settings@ta");
    expect(recordKey(postRef("abc"))).toBe("post:abc");
    expect(recordKey(postRef(null))).toBe("new-post");
  });

  it("tells the languages of one document apart, and each translation from its English", () => {
    expect(sameRecord(documentRef("home", "si"), documentRef("home", "si"))).toBe(true);
    expect(sameRecord(documentRef("home", "si"), documentRef("home", "ta"))).toBe(false);
    expect(sameRecord(documentRef("home", "si"), documentRef("home"))).toBe(false);
    expect(localeOf(documentRef("home", "ta"))).toBe("ta");
    expect(localeOf(documentRef("home"))).toBeUndefined();
    expect(localeOf(postRef("abc"))).toBeUndefined();

    expect(isTranslationOf(documentRef("home", "si"), documentRef("home"))).toBe(true);
    expect(isTranslationOf(documentRef("home", "si"), documentRef("about"))).toBe(false);
    expect(isTranslationOf(documentRef("home", "si"), documentRef("home", "ta"))).toBe(false);
    expect(isTranslationOf(documentRef("home"), documentRef("home"))).toBe(false);
  });

  it("a post's languages are records of their own; a post not stored yet is English", () => {
    expect(recordKey(postRef("abc", "si"))).toBe("post:abc@si");
    expect(recordKey(postRef("abc", "en"))).toBe("post:abc");
    expect(postRef("abc", "en")).toEqual({ kind: "post", id: "abc" });
    expect(postRef(null, "ta")).toEqual({ kind: "post", id: null });
    expect(localeOf(postRef("abc", "ta"))).toBe("ta");
    expect(sameRecord(postRef("abc", "si"), postRef("abc", "ta"))).toBe(false);
    expect(isTranslationOf(postRef("abc", "si"), postRef("abc"))).toBe(true);
    expect(isTranslationOf(postRef("abc", "si"), postRef("xyz"))).toBe(false);
    expect(isTranslationOf(documentRef("home", "si"), postRef("abc"))).toBe(false);

    const ofAbc = inAnyLanguage(postRef("abc"));
    expect([postRef("abc"), postRef("abc", "si"), postRef("abc", "ta")].every(ofAbc)).toBe(true);
    expect(ofAbc(postRef("xyz", "si"))).toBe(false);
  });

  it("a copy is newer by its version, then by the English it was read against", () => {
    const copy = (version: number, englishVersion?: number) => ({
      version,
      data: null,
      updatedAt: null,
      updatedBy: null,
      ...(englishVersion !== undefined && { englishVersion }),
    });
    expect(compareCopies(copy(3), copy(2))).toBeGreaterThan(0);
    expect(compareCopies(copy(2), copy(2))).toBe(0);
    expect(compareCopies(copy(2, 5), copy(2, 4))).toBeGreaterThan(0);
    expect(compareCopies(copy(2, 4), copy(3, 9))).toBeLessThan(0);
  });
});

describe("team pages' refs (issue 42)", () => {
  it("are keyed as posts are, apart from them, a new one English", () => {
    expect(recordKey(pageRef("p1"))).toBe("page:p1");
    expect(recordKey(pageRef("p1", "ta"))).toBe("page:p1@ta");
    expect(recordKey(pageRef(null, "si"))).toBe("new-page");
    expect(sameRecord(pageRef("p1"), postRef("p1"))).toBe(false);
    expect(isTranslationOf(pageRef("p1", "si"), pageRef("p1"))).toBe(true);
    expect(inAnyLanguage(pageRef("p1"))(pageRef("p1", "si"))).toBe(true);
    expect(inAnyLanguage(pageRef("p1"))(postRef("p1", "si"))).toBe(false);
  });
});
