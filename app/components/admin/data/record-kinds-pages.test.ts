import { describe, expect, it, vi } from "vitest";
import type { LandingPageRecord, LandingPageTranslationRecord } from "#content/landing-page-api.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import * as api from "./pages-api.ts";
import { recordKinds } from "./record-kinds.ts";
import { pageRef } from "./record-ref.ts";

vi.mock("./pages-api.ts", () => ({
  createPage: vi.fn(),
  loadPage: vi.fn(),
  loadPageTranslation: vi.fn(),
  restorePageRevision: vi.fn(),
  savePage: vi.fn(),
  savePageTranslation: vi.fn(),
}));

const pages = recordKinds.page;

const english: LandingPage = {
  path: "/offers/colombo-smes",
  title: "Colombo SMEs",
  description: "An offer for small firms.",
  image: "",
  noindex: false,
  status: "published",
  blocks: [
    { type: "hero", placementId: 0, heading: "Grow in Colombo", text: "Campaigns that bring leads." },
    { type: "faq", placementId: 1, items: [{ placementId: 0, question: "How much?", answer: "From LKR 50,000." }] },
    { type: "contact", placementId: 2 },
  ],
  variants: [],
};

const record = (version: number, data = english): LandingPageRecord => ({
  id: "pg1",
  version,
  data,
  updatedAt: "2026-12-01T10:00:00.000Z",
  updatedBy: "editor@example.com",
});

/** The page in Sinhala: its heading translated, the rest not yet (shown in English by the API). */
const translation = (version: number, englishVersion: number, heading?: string): LandingPageTranslationRecord => ({
  id: "pg1",
  locale: "si",
  version,
  englishVersion,
  data: {
    ...english,
    status: "draft",
    blocks: english.blocks.with(0, { ...english.blocks[0]!, heading: heading ?? "Grow in Colombo" } as never),
  },
  states: {
    title: "missing",
    description: "missing",
    "blocks.0.heading": heading ? "translated" : "missing",
    "blocks.0.text": "missing",
    "blocks.1.items.0.question": "missing",
    "blocks.1.items.0.answer": "missing",
  },
  englishTexts: {
    title: english.title,
    description: english.description,
    "blocks.0.heading": "Grow in Colombo",
    "blocks.0.text": "Campaigns that bring leads.",
    "blocks.1.items.0.question": "How much?",
    "blocks.1.items.0.answer": "From LKR 50,000.",
  },
  updatedAt: null,
  updatedBy: null,
});

describe("the page kind (issue 42)", () => {
  it("hears page events, each language its own record", () => {
    expect(pages.refIn({ type: "page", id: "pg1", version: 3 })).toEqual(pageRef("pg1"));
    expect(pages.refIn({ type: "page", id: "pg1", locale: "ta", version: 3 })).toEqual(pageRef("pg1", "ta"));
    expect(pages.refIn({ type: "post", id: "pg1", version: 3 })).toBeUndefined();
    expect(pages.refIn({ type: "page", version: 0 })).toBeUndefined();
    expect(pages.refOf(record(2))).toEqual(pageRef("pg1"));
  });

  it("creates a new page with POST, saves a stored one over its version", async () => {
    vi.mocked(api.createPage).mockResolvedValueOnce(record(1));
    expect(await pages.save(null, 0, english)).toEqual({ kind: "saved", record: record(1) });
    expect(api.createPage).toHaveBeenCalledWith(english);
    vi.mocked(api.savePage).mockResolvedValueOnce({ kind: "conflict", current: record(5) });
    expect(await pages.save("pg1", 3, english, record(3))).toEqual({ kind: "conflict", current: record(5) });
    expect(api.savePage).toHaveBeenCalledWith("pg1", 3, english);
    expect(pages.schema(pageRef("pg1")).safeParse(english).success).toBe(true);
  });

  it("loads a translation with its untranslated texts empty, and sends them back as English", async () => {
    vi.mocked(api.loadPageTranslation).mockResolvedValueOnce(translation(1, 4, "කොළඹ වර්ධනය"));
    const copy = await pages.load("pg1", "si");
    expect(api.loadPageTranslation).toHaveBeenCalledWith("pg1", "si");
    expect(pages.refOf(copy)).toEqual(pageRef("pg1", "si"));
    const data = copy.data as LandingPage;
    expect(data.title).toBe("");
    expect(data.blocks[0]).toMatchObject({ heading: "කොළඹ වර්ධනය", text: "" });
    expect(data.blocks[1]).toMatchObject({ items: [{ question: "", answer: "" }] });

    const sent = pages.outgoing(data, copy) as LandingPage;
    expect(sent.title).toBe("Colombo SMEs");
    expect(sent.blocks[0]).toMatchObject({ heading: "කොළඹ වර්ධනය", text: "Campaigns that bring leads." });
    expect(pages.schema(pageRef("pg1", "si")).safeParse(sent).success).toBe(true);
  });

  it("saves a translation with the English version it was edited against; a 409 answers its copy", async () => {
    const outdated = translation(2, 6, "පැරණි");
    vi.mocked(api.loadPageTranslation).mockResolvedValueOnce({
      ...outdated,
      states: { ...outdated.states, "blocks.0.heading": "stale" },
    });
    const base = await pages.load("pg1", "si");
    vi.mocked(api.savePageTranslation).mockResolvedValueOnce({ kind: "saved", record: translation(3, 6, "නව") });
    const saved = await pages.save("pg1", 2, base.data, base, ["blocks.0.heading", "title"]);
    expect(api.savePageTranslation).toHaveBeenCalledWith("pg1", "si", 2, base.data, {
      englishVersion: 6,
      confirmed: ["blocks.0.heading"],
    });
    expect(saved).toMatchObject({ kind: "saved", record: { version: 3, locale: "si" } });

    vi.mocked(api.savePageTranslation).mockResolvedValueOnce({ kind: "conflict", current: translation(4, 6) });
    expect(await pages.save("pg1", 2, base.data, base)).toMatchObject({
      kind: "conflict",
      current: { version: 4, data: { title: "" } },
    });
  });

  it("restores a version, in English or in a language", async () => {
    vi.mocked(api.restorePageRevision).mockResolvedValueOnce(record(7));
    expect(await pages.restore("pg1", 2, 6)).toEqual(record(7));
    expect(api.restorePageRevision).toHaveBeenLastCalledWith("pg1", 2, 6);
    vi.mocked(api.restorePageRevision).mockResolvedValueOnce(translation(8, 6, "ආපසු"));
    const copy = await pages.restore("pg1", 3, 7, "si");
    expect(api.restorePageRevision).toHaveBeenLastCalledWith("pg1", 3, 7, "si");
    expect(copy).toMatchObject({ version: 8, locale: "si" });
  });
});
