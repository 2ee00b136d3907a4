import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultContact } from "#content/defaults.ts";
import type { Locale } from "#content/locales.ts";
import type { BlogPost } from "#content/schemas.ts";
import { builtInPostTexts } from "#content/translations/index.ts";
import { si } from "#content/translations/si.ts";
import { ta } from "#content/translations/ta.ts";
import type { Store } from "#server/db/store.ts";
import type { EventBus } from "#server/events/bus.ts";
import { UNTRANSLATED_WEIGHT } from "./passages.ts";
import type { SiteIndex } from "./site-index.ts";
import { openRecordedIndex } from "../../tests/helpers/site-index.ts";

// The chat's search in Sinhala and Tamil (issue 26): each language's own passages, titled and
// linked as that language's pages, English posts only where the language has no version of
// them, and the index following saves in each language.

let store: Store;
let bus: EventBus;
let index: SiteIndex;
/** Every read the index makes of the store. */
let reads: string[];
let close: () => Promise<void>;

beforeEach(async () => {
  ({ store, bus, index, reads, close } = await openRecordedIndex());
});

afterEach(() => close());

/** The reads of pages' documents and translations (posts are read on their own events). */
const pageReads = () => reads.filter((read) => !/^(post|addresses|every post)\b/.test(read));

const best = async (question: string, locale: Locale, limit = 3) =>
  (await index.search(question, limit, { locale })).map(({ passage }) => passage);

const cinnamon = (data: Partial<BlogPost> = {}): BlogPost => ({
  title: "Cinnamon Export Playbook",
  excerpt: "How Matale cinnamon growers reach Mexican buyers.",
  content: "## Finding buyers\n\nTrade fairs in Guadalajara brought the first orders.",
  date: "2026-01-01",
  readTime: "1 min read",
  image: "",
  featured: false,
  placementId: 9,
  status: "published",
  ...data,
});

describe("a question in Sinhala or Tamil", () => {
  it("finds that language's passage, titled and linked as its page", async () => {
    const [sinhala] = await best("ඔබේ කාර්යාලය කොහේද?", "si");
    expect(sinhala).toMatchObject({ kind: "page", title: "අප අමතන්න", url: "/si/contact" });
    expect(sinhala!.text).toContain(si.documents.contact.info.address);
    const [tamil] = await best("உங்கள் அலுவலகம் எங்கே?", "ta");
    expect(tamil).toMatchObject({ kind: "page", title: "தொடர்புகொள்ள", url: "/ta/contact" });
    expect(tamil!.text).toContain(ta.documents.contact.info.address);
    // The same question in English is English's.
    expect((await best("Where is your office?", "en"))[0]).toMatchObject({ url: "/contact" });
  });

  it("finds a post in that language, at its address there", async () => {
    const { translated } = builtInPostTexts("si", "default-post-1")!;
    const found = await best("ලාංඡනයකට පෙර බ්‍රෑන්ඩ් උපාය මාර්ගයක් අවශ්‍යද?", "si");
    expect(found[0]).toMatchObject({
      kind: "post",
      title: translated.title,
      url: "/si/blog/why-sri-lankan-smes-need-a-brand-strategy-before-a-logo",
    });
    const tamil = await best("வாரத்துக்கு எத்தனை பதிவுகள்?", "ta", 6);
    expect(tamil.find((p) => p.text.includes("மூன்று பயனுள்ள பதிவுகள்"))).toMatchObject({
      kind: "post",
      url: "/ta/blog/content-that-sells-without-shouting",
    });
  });

  it("counts the English knowledge base less than the language's own passages, and still finds it", async () => {
    const found = await best("SEO කරනවද?", "si");
    expect(found.find((passage) => passage.url === "/si/services")!.text).toContain("(SEO)");
    // The knowledge base, not translated, counts less in Sinhala; so would English text on a page.
    const knowledge = (await best("වෙලාවල් මොනවද?", "si"))[0]!;
    expect(knowledge).toMatchObject({ kind: "knowledge", url: null, weight: UNTRANSLATED_WEIGHT });
    expect(knowledge.text).toContain("Monday to Friday");
  });

  it("searches an untranslated post in English, at its English address, only where the language has nothing", async () => {
    const post = await store.posts.create(cinnamon(), "owner@example.lk");
    bus.publish({ type: "post", id: post.id, version: post.version });
    const question = "Matale cinnamon ගැන ලිපියක් තියෙනවද?";
    expect((await best(question, "si"))[0]).toMatchObject({
      kind: "post",
      title: "Cinnamon Export Playbook",
      url: "/blog/cinnamon-export-playbook",
    });
    // English pages are never the fallback: the language has every page.
    for (const passage of await best("Where is your office?", "si"))
      expect(passage.url ?? "").not.toMatch(/^\/(?!si\/)/);

    // Translated and published in Sinhala: now its Sinhala version answers, at its Sinhala address.
    const saved = await store.posts.translations.save(
      post.id,
      "si",
      {
        data: {
          status: "published",
          texts: {
            title: { text: "Matale cinnamon අපනයන මාර්ගෝපදේශය", source: post.data.title },
            excerpt: { text: "Matale cinnamon වගාකරුවන් මෙක්සිකානු ගැනුම්කරුවන් හමු වූ අයුරු.", source: post.data.excerpt },
            content: { text: "## ගැනුම්කරුවන් සොයා\n\nවෙළඳ ප්‍රදර්ශන පළමු ඇණවුම් ගෙනාවා.", source: post.data.content },
          },
        },
      },
      0,
      "owner@example.lk",
    );
    expect(saved.ok).toBe(true);
    bus.publish({ type: "post", id: post.id, locale: "si", version: 1 });
    expect((await best(question, "si"))[0]).toMatchObject({
      title: "Matale cinnamon අපනයන මාර්ගෝපදේශය",
      url: "/si/blog/cinnamon-export-playbook",
    });
    // Tamil has no version: still the English post there.
    expect((await best("Matale cinnamon பற்றி?", "ta"))[0]).toMatchObject({ url: "/blog/cinnamon-export-playbook" });
  });
});

describe("following saves in each language", () => {
  it("builds a language's index on its first question only, and reads again what a save in it names", async () => {
    await best("Where are you located?", "en");
    expect(reads).not.toContain("every post:si");
    await best("ඔබේ කාර්යාලය කොහේද?", "si");
    expect(reads).toContain("every post:si");
    expect(reads).toContain("contact:si");

    // A Sinhala save of the Contact page: the Sinhala index reads it again, English's does not.
    const current = await store.translations.get({ key: "contact", locale: "si" });
    const address = "9 වන මහල, අංක 121, ගාලු පාර, කොළඹ 03";
    const saved = await store.translations.save(
      { key: "contact", locale: "si" },
      { texts: { "info.address": { text: address, source: defaultContact.info.address } } },
      current.version,
      "owner@example.lk",
    );
    expect(saved.ok).toBe(true);
    bus.publish({ type: "content", key: "contact", locale: "si", version: 1 });
    reads.length = 0;
    expect((await best("Where are you located?", "en"))[0]!.text).toContain(defaultContact.info.address);
    expect(pageReads()).toEqual([]);
    expect((await best("ඔබේ කාර්යාලය කොහේද?", "si"))[0]!.text).toContain(address);
    expect(pageReads()).toEqual(["contact", "contact:si"]);

    // An English save shows in every language: the phone number is shared.
    const english = await store.documents.get("contact");
    const phone = "+94 77 000 0000";
    const savedEnglish = await store.documents.save(
      "contact",
      { ...english.data, info: { ...english.data.info, phone } },
      english.version,
      "owner@example.lk",
    );
    expect(savedEnglish.ok).toBe(true);
    bus.publish({ type: "content", key: "contact", version: 2 });
    expect((await best("ෆෝන් නම්බර් එක මොකක්ද?", "si")).map((p) => p.text).join(" ")).toContain(phone);
    expect((await best("உங்கள் போன் நம்பர் என்ன?", "ta")).map((p) => p.text).join(" ")).toContain(phone);
  });

  it("takes a post out of a language when its translation goes back to draft there", async () => {
    const question = "ලාංඡනයකට පෙර බ්‍රෑන්ඩ් උපාය මාර්ගයක් අවශ්‍යද?";
    expect((await best(question, "si"))[0]!.url).toMatch(/^\/si\/blog\//);
    const { english, translation } = (await store.posts.translations.get("default-post-1", "si"))!;
    if (!translation || "issues" in translation) throw new Error("no translation");
    const back = await store.posts.translations.save(
      english.id,
      "si",
      { data: { ...translation.data, status: "draft" } },
      translation.version,
      "owner@example.lk",
    );
    expect(back.ok).toBe(true);
    bus.publish({ type: "post", id: english.id, locale: "si", version: translation.version + 1 });
    // Not in Sinhala now; nothing else in Sinhala says it, and the English post has no Sinhala words.
    for (const passage of await best(question, "si")) expect(passage.url).not.toMatch(/^\/si\/blog\/why/);
    // Tamil keeps it.
    expect((await best("இலச்சினைக்கு முன் வர்த்தகநாம மூலோபாயம் தேவையா?", "ta"))[0]!.url).toBe(
      "/ta/blog/why-sri-lankan-smes-need-a-brand-strategy-before-a-logo",
    );
  });
});
