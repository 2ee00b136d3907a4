import { afterEach, beforeEach, expect, it } from "vitest";
import type { LandingPage } from "#content/landing-page-schema.ts";
import type { Store } from "#server/db/store.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { SiteIndex } from "./site-index.ts";
import { openRecordedIndex } from "../../tests/helpers/site-index.ts";

// The chat reads the team's published pages (issue 42), in each language they are published in.

let store: Store;
let bus: EventBus;
let index: SiteIndex;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ store, bus, index, close } = await openRecordedIndex());
});
afterEach(() => close());

const page = (data: Partial<LandingPage> = {}): LandingPage => ({
  path: "/offers/tea-exporters",
  title: "Tea exporters",
  description: "Websites for Ceylon tea exporters.",
  image: "",
  noindex: false,
  status: "published",
  blocks: [
    {
      type: "faq",
      items: [
        { question: "Do you build shops for tea estates?", answer: "Yes, estate shops with Ceylon tea catalogues." },
      ],
    },
  ],
  variants: [],
  ...data,
});

const found = async (question: string, locale: "en" | "si" = "en") =>
  (await index.search(question, 3, { locale })).map(({ passage }) => [passage.title, passage.url]);

it("finds a published page's texts, titled and linked as the page, and follows its saves", async () => {
  const created = await store.pages.create(page(), "owner@example.lk");
  if (!created.ok) throw new Error("not created");
  expect((await found("estate shops tea catalogues"))[0]).toEqual(["Tea exporters", "/offers/tea-exporters"]);

  // Back to a draft: gone once its save is heard.
  const saved = await store.pages.save(created.page.id, page({ status: "draft" }), 1, "owner@example.lk");
  if (!saved.ok) throw new Error("not saved");
  bus.publish({ type: "page", id: created.page.id, path: "/offers/tea-exporters", version: 2 });
  expect(await found("estate shops tea catalogues")).not.toContainEqual(["Tea exporters", "/offers/tea-exporters"]);
});

it("reads a page in Sinhala where its Sinhala version is published, at its Sinhala address", async () => {
  const created = await store.pages.create(page(), "owner@example.lk");
  if (!created.ok) throw new Error("not created");
  await store.pages.translations.save(
    created.page.id,
    "si",
    {
      status: "published",
      texts: {
        title: { text: "තේ අපනයනකරුවන්", source: "Tea exporters" },
        "blocks.0.items.0.answer": {
          text: "ඔව්, ලංකා තේ නාමාවලි සහිත වතු වෙළඳසැල්.",
          source: "Yes, estate shops with Ceylon tea catalogues.",
        },
      },
    },
    0,
    "owner@example.lk",
  );
  bus.publish({ type: "page", id: created.page.id, path: "/offers/tea-exporters", locale: "si", version: 1 });
  expect((await found("තේ නාමාවලි වතු වෙළඳසැල්", "si"))[0]).toEqual(["තේ අපනයනකරුවන්", "/si/offers/tea-exporters"]);
});
