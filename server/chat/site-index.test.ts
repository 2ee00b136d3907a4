import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultAiSettings, defaultContact, defaultPosts } from "#content/defaults.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { Store } from "#server/db/store.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { SiteIndex } from "./site-index.ts";
import { openRecordedIndex } from "../../tests/helpers/site-index.ts";

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

const best = async (question: string, limit = 3) => (await index.search(question, limit)).map(({ passage }) => passage);

const post = (data: Partial<BlogPost>): BlogPost => ({
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

async function saveDocument<K extends "contact" | "ai-settings">(key: K, data: unknown) {
  const current = await store.documents.get(key);
  const saved = await store.documents.save(key, data, current.version, "owner@example.lk");
  if (!saved.ok) throw new Error("conflict");
  bus.publish({ type: "content", key, version: saved.document.version });
}

describe("passage choice", () => {
  it("finds the Contact page's address for where the office is, though the question never says 'address'", async () => {
    const [first] = await best("Where are you located?");
    expect(first).toMatchObject({ title: "Contact Us", url: "/contact" });
    expect(first!.text).toContain("Colombo 03");
  });

  it("finds the contact details for a visitor asking for a person", async () => {
    const found = await best("Can I speak to a human?");
    expect(found.map((p) => p.text).join(" ")).toContain(defaultContact.info.phone);
    expect(found[0]!.url).toBe("/contact");
  });

  it("finds the knowledge base (no page to link) through visitor words: 'fees' finds 'fee', 'charge' finds pricing", async () => {
    for (const question of ["What are your fees?", "How much do you charge?"]) {
      const [first] = await best(question);
      expect(first, question).toMatchObject({ kind: "knowledge", url: null });
      expect(first!.text).toContain("Pricing depends on scope.");
    }
  });

  it("finds a post's section and links the post's address", async () => {
    const found = await best("How often should we post on social media?", 6);
    const section = found.find((p) => p.text.includes("Three useful posts a week"));
    expect(section).toMatchObject({
      kind: "post",
      title: "Content That Sells Without Shouting",
      url: "/blog/content-that-sells-without-shouting",
    });
  });

  it("does not answer from a post's paragraph that holds only one word asked, said in passing", async () => {
    // The content post speaks of "paint for monsoon weather": no answer to the weather.
    expect(await best("weather?")).toEqual([]);
    expect(await index.search("අද කාලගුණය කොහොමද?", 3, { locale: "si" })).toEqual([]);
    // Two words asked, and the paragraph answers.
    const found = await best("how do I choose paint for monsoon weather?");
    expect(found[0]).toMatchObject({ kind: "post", title: "Content That Sells Without Shouting" });
  });

  it("finds a word with a typo", async () => {
    expect((await best("What is your adress?"))[0]!.text).toContain("Galle Road");
  });

  it("gives at most `limit` passages, none weaker than half the best, best first", async () => {
    const question = "Can I speak to a human?";
    const found = await index.search(question, 10);
    expect(found.length).toBeGreaterThan(1);
    const scores = found.map((f) => f.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(scores[0]! / 2);
    expect(await index.search(question, 1)).toEqual(found.slice(0, 1));
  });

  it("finds nothing for greetings, unknown words, or questions most of whose words the site never uses", async () => {
    for (const question of ["hi", "Thanks!", "Quantum chromodynamics lattice gauge", "Do you sell cars?"])
      expect(await best(question), question).toEqual([]);
  });

  it("counts a legal page's boilerplate below the pages visitors ask about", async () => {
    const [first] = await best("What's your website?");
    expect(first).toMatchObject({ url: "/contact", text: `Our website is ${defaultContact.info.website}.` });
    // And still answers a question that is about it.
    expect((await best("Do you sell my personal information?"))[0]).toMatchObject({ url: "/privacy-policy" });
  });
});

describe("following saves", () => {
  it("reads the site once; then a question reads only its three best posts, by id, until a save is heard", async () => {
    await best("Where are you located?");
    expect(reads).toContain("every post");
    expect(reads.filter((read) => read === "contact")).toHaveLength(1);
    for (const question of ["What do you charge?", "Which languages do you work in?", "brand strategy logo"]) {
      reads.length = 0;
      await best(question);
      expect(reads.length, question).toBeLessThanOrEqual(3);
      for (const read of reads) expect(read).toMatch(/^post default-post-\d$/);
    }
    // The post on it, beside the Services page's "Brand Strategy & Identity" (which may rank first).
    expect((await best("brand strategy logo")).map((p) => p.title)).toContain(defaultPosts[0]!.title);
  });

  it("builds once for questions asked together", async () => {
    await Promise.all([best("Where are you?"), best("Prices?"), best("Languages?")]);
    expect(reads.filter((read) => read === "every post")).toHaveLength(1);
    expect(reads.filter((read) => read === "contact")).toHaveLength(1);
  });

  it("reads again only the document a save names", async () => {
    await best("parking");
    reads.length = 0;
    await saveDocument("ai-settings", {
      ...defaultAiSettings,
      knowledgeBase: "Parking: free visitor parking is available behind the building on Galle Road.",
    });
    const [first] = await best("Is there parking?");
    expect(first!.text).toContain("free visitor parking");
    expect(reads).toEqual(["ai-settings"]);
    // The old knowledge base is gone.
    expect((await best("Which languages do you work in?")).some((p) => p.kind === "knowledge")).toBe(false);
  });

  it("puts a post in when it is published, takes it out when it goes back to draft or is deleted", async () => {
    const question = "Matale cinnamon growers Mexican buyers";
    expect(await best(question)).toEqual([]);
    const draft = await store.posts.create(post({ status: "draft" }), "owner@example.lk");
    bus.publish({ type: "post", id: draft.id, version: draft.version });
    expect(await best(question)).toEqual([]);

    reads.length = 0;
    const published = await store.posts.save(draft.id, post({}), draft.version, "owner@example.lk");
    if (!published.ok) throw new Error("conflict");
    bus.publish({ type: "post", id: draft.id, version: published.post.version });
    const found = await best(question);
    expect(found[0]).toMatchObject({ title: "Cinnamon Export Playbook", url: "/blog/cinnamon-export-playbook" });
    expect((await best("Guadalajara trade fairs"))[0]!.text).toContain("brought the first orders");
    // That post read again, not the blog (the question then reads its best posts).
    expect(reads[0]).toBe(`post ${draft.id}`);
    expect(reads.filter((read) => !read.startsWith("post "))).toEqual([]);

    const back = await store.posts.save(draft.id, post({ status: "draft" }), 2, "owner@example.lk");
    if (!back.ok) throw new Error("conflict");
    bus.publish({ type: "post", id: draft.id, version: 3 });
    expect(await best(question)).toEqual([]);

    const again = await store.posts.save(draft.id, post({}), 3, "owner@example.lk");
    if (!again.ok) throw new Error("conflict");
    bus.publish({ type: "post", id: draft.id, version: 4 });
    expect(await best(question)).not.toEqual([]);
    await store.posts.remove(draft.id);
    bus.publish({ type: "post", id: draft.id, version: 4, deleted: true });
    expect(await best(question)).toEqual([]);
  });

  it("never quotes a post that is no longer public, even before its save is heard", async () => {
    const created = await store.posts.create(post({}), "owner@example.lk");
    bus.publish({ type: "post", id: created.id, version: 1 });
    expect(await best("Matale cinnamon")).not.toEqual([]);
    await store.posts.save(created.id, post({ status: "draft" }), 1, "owner@example.lk");
    expect(await best("Matale cinnamon")).toEqual([]);
  });

  it("keeps a scheduled post out until its time, when the scheduler announces it", async () => {
    const goesLive = Date.now() + 1_000;
    const scheduled = await store.posts.create(
      post({ publishAt: new Date(goesLive).toISOString() }),
      "owner@example.lk",
    );
    bus.publish({ type: "post", id: scheduled.id, version: 1 });
    expect(await best("Matale cinnamon")).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, goesLive - Date.now() + 50));
    // What server/posts/scheduler.ts says when the time has come.
    bus.publishLocal({ type: "post", id: scheduled.id, version: 1 });
    expect((await best("Matale cinnamon"))[0]!.title).toBe("Cinnamon Export Playbook");
  });

  it("reads every post again when a change cannot say which post (another instance's catch-up)", async () => {
    await best("cinnamon");
    const created = await store.posts.create(post({}), "owner@example.lk");
    expect(created.version).toBe(1);
    reads.length = 0;
    bus.publish({ type: "post", version: 0 });
    expect((await best("Matale cinnamon"))[0]!.title).toBe("Cinnamon Export Playbook");
    expect(reads).toContain("every post");
    // The built-in posts are still there after the rebuild.
    expect((await best("brand strategy before a logo")).map((p) => p.title)).toContain(defaultPosts[0]!.title);
  });

  it("tries a failed refresh again on the next question", async () => {
    await best("hello there");
    await saveDocument("contact", { ...defaultContact, info: { ...defaultContact.info, phone: "+94 77 000 0000" } });
    const get = store.documents.get.bind(store.documents);
    let fail = true;
    store.documents.get = (key) => (fail ? Promise.reject(new Error("database away")) : get(key));
    await expect(best("phone number")).rejects.toThrow("database away");
    fail = false;
    expect((await best("phone number"))[0]!.text).toContain("+94 77 000 0000");
  });
});
