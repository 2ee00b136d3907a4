import { describe, expect, it } from "vitest";
import type { TranslatedLocale } from "#content/locales.ts";
import type { Translation } from "#content/localize.ts";
import { saveTranslation, type TranslatedKind } from "./translation-save.ts";

/**
 * The one translation save over a kind kept in memory: a post's four texts, English versions 1 and
 * 2 kept. What a real kind adds (documents' cleaning, posts' addresses and Writer rule) is tested
 * through the API in tests/integration/content-translations.test.ts and post-translations.test.ts.
 */
type Texts = { title: string; excerpt: string; content: string; imageAlt: string };
type Answer = { version: number; texts: Translation["texts"]; updatedBy: string | null };

function memoryKind() {
  const english: Record<number, Texts> = {
    1: { title: "Growth", excerpt: "How SMEs grow", content: "Body", imageAlt: "" },
    2: { title: "Growth plans", excerpt: "How SMEs grow", content: "Body", imageAlt: "" },
  };
  const stored = { version: 0, translation: { texts: {} } as Translation, updatedBy: null as string | null };
  const writes: unknown[] = [];
  const kind: TranslatedKind<string, typeof stored, { note?: string }, Translation, Answer> = {
    owner: () => "post",
    textsOf: () => "a post",
    named: (_id, locale) => `This post in ${locale}`,
    notFound: "That post does not exist.",
    read: async (id) => (id === "p1" ? stored : undefined),
    english: async (_id, _current, version) => english[version ?? 2],
    check(_id, data) {
      const sent = data as Partial<Texts> & { note?: unknown };
      if (typeof sent.title !== "string")
        return { ok: false, message: "title: Required", issues: [{ path: "title", message: "Required" }] };
      return { ok: true, value: { texts: { ...english[2], ...sent } } };
    },
    previous: (current) => current.translation,
    compose: (translation) => translation,
    restore: (past) => ({ ok: true, value: past as Translation }),
    async write(_id, _locale, save, base, user) {
      if (base !== stored.version) return { ok: false, conflict: true };
      if (save.texts.title?.text === "taken") return { ok: false, refusal: { status: 400, error: "slug: taken" } };
      writes.push(save);
      Object.assign(stored, { version: stored.version + 1, translation: save, updatedBy: user?.email ?? null });
      return { ok: true };
    },
    answer: async () => ({ version: stored.version, texts: stored.translation.texts, updatedBy: stored.updatedBy }),
    revision: async () => undefined,
  };
  return { kind, stored, writes };
}

const si: TranslatedLocale = "si";
const editor = { id: 7, email: "editor@example.lk", role: "editor" } as never;

describe("saveTranslation", () => {
  it("stores each text with the English it translates, and answers the translation as read back", async () => {
    const { kind, writes } = memoryKind();
    const saved = await saveTranslation(kind, "p1", si, 0, { data: { title: "වර්ධනය" } }, editor);
    expect(saved).toEqual({
      ok: true,
      answer: {
        version: 1,
        texts: { title: { text: "වර්ධනය", source: "Growth plans" } },
        updatedBy: "editor@example.lk",
      },
    });
    expect(writes).toHaveLength(1);
  });

  it("pairs the texts with the English version the editor showed", async () => {
    const { kind } = memoryKind();
    const saved = await saveTranslation(kind, "p1", si, 0, { data: { title: "වර්ධනය" }, englishVersion: 1 }, editor);
    expect(saved.ok && saved.answer.texts.title).toEqual({ text: "වර්ධනය", source: "Growth" });
  });

  it("refuses, storing nothing: no such record, bad data, an unknown English version, a confirmed path that is no text", async () => {
    const { kind, writes } = memoryKind();
    expect(await saveTranslation(kind, "nope", si, 0, { data: { title: "x" } }, editor)).toEqual({
      ok: false,
      status: 404,
      error: "That post does not exist.",
    });
    expect(await saveTranslation(kind, "p1", si, 0, { data: {} }, editor)).toMatchObject({
      ok: false,
      status: 400,
      error: "title: Required",
      details: { issues: [{ path: "title", message: "Required" }] },
    });
    expect(await saveTranslation(kind, "p1", si, 0, { data: { title: "x" }, englishVersion: 9 }, editor)).toEqual({
      ok: false,
      status: 400,
      error: "englishVersion names no version of the English text.",
    });
    expect(await saveTranslation(kind, "p1", si, 0, { data: { title: "x" }, confirmed: ["slug"] }, editor)).toEqual({
      ok: false,
      status: 400,
      error: 'confirmed: "slug" is not a text of a post.',
    });
    expect(writes).toEqual([]);
  });

  it("answers a stale save with 409 and the translation now, naming who saved it; passes on the kind's own refusals", async () => {
    const { kind, writes } = memoryKind();
    await saveTranslation(kind, "p1", si, 0, { data: { title: "පළමු" } }, editor);
    const stale = await saveTranslation(kind, "p1", si, 0, { data: { title: "දෙවැනි" } }, null);
    expect(stale).toEqual({
      ok: false,
      status: 409,
      error: "This post in si was changed by editor@example.lk since you opened it.",
      details: {
        current: {
          version: 1,
          texts: { title: { text: "පළමු", source: "Growth plans" } },
          updatedBy: "editor@example.lk",
        },
      },
    });
    expect(await saveTranslation(kind, "p1", si, 1, { data: { title: "taken" } }, editor)).toEqual({
      ok: false,
      status: 400,
      error: "slug: taken",
    });
    expect(writes).toHaveLength(1);
  });

  it("restores a past version as it was", async () => {
    const { kind } = memoryKind();
    const past = { texts: { excerpt: { text: "SME වර්ධනය", source: "How SMEs grow" } } };
    const saved = await saveTranslation(kind, "p1", si, 0, { restore: past }, editor, 3);
    expect(saved.ok && saved.answer.texts).toEqual(past.texts);
  });
});
