import { describe, expect, it } from "vitest";
import type { BlogPost } from "#content/schemas.ts";
import type { Store } from "#server/db/store.ts";
import { describeEachStore } from "../../tests/helpers/each-store.ts";
import type { UnreadablePost } from "./types.ts";

const post = (title: string, extra: Partial<BlogPost> = {}): BlogPost => ({
  title,
  excerpt: "",
  content: "Body.",
  date: "2026-01-01",
  readTime: "1 min read",
  image: "",
  featured: false,
  placementId: 0,
  status: "published",
  ...extra,
});

describeEachStore((t) => {
  describe("posts", () => {
    it("two saves of the same version: one wins, the other gets the winner as the current post", async () => {
      const created = await t.store.posts.create(post("Raced"), "a@example.lk");
      const rival = await t.rival();
      const results = await Promise.all([
        t.store.posts.save(created.id, post("Raced", { excerpt: "A" }), 1, "a@example.lk"),
        rival.posts.save(created.id, post("Raced", { excerpt: "B" }), 1, "b@example.lk"),
      ]);
      const won = results.filter((result) => result.ok);
      const lost = results.filter((result) => !result.ok);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      const winner = won[0]!.ok ? won[0]!.post : undefined;
      expect(!lost[0]!.ok && lost[0]!.current).toEqual(winner);
      expect(await t.store.posts.revisions(created.id)).toHaveLength(2);
    });

    it("a live address wins over a former one; a deleted post's addresses lead nowhere", async () => {
      const renamed = await t.store.posts.create(post("Spring Sale"), null);
      const moved = await t.store.posts.save(renamed.id, post("Summer Sale"), 1, null);
      expect(moved.ok && moved.post.slug).toBe("summer-sale");
      expect(await t.store.posts.findBySlug("spring-sale")).toMatchObject({
        post: { id: renamed.id },
        renamedFrom: "spring-sale",
      });
      const taker = await t.store.posts.create(post("Spring Sale"), null);
      expect(taker.slug).toBe("spring-sale");
      expect((await t.store.posts.findBySlug("spring-sale"))?.post.id).toBe(taker.id);
      expect(await t.store.posts.remove(taker.id)).toBe(true);
      // The renamed post's old address is its own again once the live one is gone.
      expect((await t.store.posts.findBySlug("spring-sale"))?.post.id).toBe(renamed.id);
      expect(await t.store.posts.remove(renamed.id)).toBe(true);
      expect(await t.store.posts.findBySlug("spring-sale")).toBeUndefined();
      expect(await t.store.posts.findBySlug("summer-sale")).toBeUndefined();
      expect(await t.store.posts.remove(renamed.id)).toBe(false);
    });

    it("lists every address newest first, and the fingerprint follows every change", async () => {
      const fingerprints = [await t.store.posts.fingerprint()];
      const ids: string[] = [];
      for (let i = 0; i < 450; i++) {
        ids.push((await t.store.posts.create(post(`Batch ${i}`, { date: `2026-01-01` }), null)).id);
      }
      fingerprints.push(await t.store.posts.fingerprint());
      const addresses = await t.store.posts.addresses();
      expect(addresses).toHaveLength(450);
      // Same date and no time of their own: the newest written first, each dated when it was created.
      expect(addresses.map((a) => a.slug)).toEqual(ids.map((_, i) => `batch-${449 - i}`));
      expect(addresses[0]).toMatchObject({ slug: "batch-449", date: "2026-01-01" });
      expect(addresses[0]!.postUpdatedAt).toBe(addresses[0]!.updatedAt);

      await t.store.posts.save(ids[0]!, post("Batch 0", { excerpt: "x" }), 1, null);
      fingerprints.push(await t.store.posts.fingerprint());
      await t.store.posts.remove(ids[1]!);
      fingerprints.push(await t.store.posts.fingerprint());
      expect(new Set(fingerprints).size).toBe(4);
    });

    it("posts of one date without an updatedAt: newest first by their publish or creation time, in every list", async () => {
      const a = await t.store.posts.create(post("Alpha", { date: "2001-02-03", featured: true }), null);
      const b = await t.store.posts.create(post("Beta", { date: "2001-02-03", featured: true }), null);
      // Written last, published on that day: it counts from its publish time.
      const c = await t.store.posts.create(
        post("Gamma", { date: "2001-02-03", featured: true, publishAt: "2001-02-03T09:00:00+05:30" }),
        null,
      );
      // Written first, with an updatedAt of its own (the Blog tab's): that counts.
      const d = await t.store.posts.create(
        post("Delta", { date: "2001-02-03", featured: true, updatedAt: "2100-01-01T00:00:00Z" }),
        null,
      );
      const order = [d.id, b.id, a.id, c.id];
      const lists = async () => ({
        admin: (await t.store.posts.list({ audience: "admin", pageSize: 10 })).posts.map((p) => p.id),
        public: (await t.store.posts.list({ audience: "public", pageSize: 10 })).posts.map((p) => p.id),
        featured: (await t.store.posts.featured(10)).map((p) => p.id),
        newest: (await t.store.posts.newest(10)).map((p) => p.id),
        addresses: (await t.store.posts.addresses()).map((p) => p.slug),
      });
      const expected = {
        admin: order,
        public: order,
        featured: order,
        newest: order,
        addresses: ["delta", "beta", "alpha", "gamma"],
      };
      expect(await lists()).toEqual(expected);
      // Saved again (without an updatedAt), a post keeps its place.
      expect((await t.store.posts.save(a.id, post("Alpha", { date: "2001-02-03", featured: true }), 1, null)).ok).toBe(
        true,
      );
      expect(await lists()).toEqual(expected);
      // The sitemap's time of each: its own, else its publish or creation time.
      expect((await t.store.posts.addresses()).map((p) => p.postUpdatedAt)).toEqual([
        "2100-01-01T00:00:00.000Z",
        b.updatedAt,
        a.updatedAt,
        "2001-02-03T03:30:00.000Z",
      ]);
    });

    it("reads every public post whole in batches by id, none missed or twice while others are saved or removed", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) ids.push((await t.store.posts.create(post(`Whole ${i}`), null)).id);
      const seen: string[] = [];
      const sizes: number[] = [];
      const bodies: string[] = [];
      for await (const batch of t.store.posts.everyPublic(10)) {
        sizes.push(batch.length);
        for (const record of batch) {
          seen.push(record.id);
          bodies.push(record.data.content);
        }
        // A post read already goes away, and a new one comes: the posts not yet read stay in order.
        if (sizes.length === 1) {
          await t.store.posts.remove(batch[0]!.id);
          await t.store.posts.create(post("Latecomer"), null);
        }
      }
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of ids) expect(seen).toContain(id);
      expect(sizes.slice(0, 2)).toEqual([10, 10]);
      expect(bodies.every((body) => body === "Body.")).toBe(true);
    });

    it("the featured list is newest first and skips the others", async () => {
      await t.store.posts.create(post("Old Featured", { featured: true, date: "2020-01-01" }), null);
      await t.store.posts.create(post("Plain", { date: "2030-01-01" }), null);
      await t.store.posts.create(post("New Featured", { featured: true, date: "2025-01-01" }), null);
      expect((await t.store.posts.featured(3)).map((p) => p.title)).toEqual(["New Featured", "Old Featured"]);
      expect((await t.store.posts.featured(1)).map((p) => p.title)).toEqual(["New Featured"]);
    });

    it("only published posts whose time has come are public: drafts and scheduled posts are the admin's alone", async () => {
      const hour = 60 * 60 * 1000;
      const at = (offset: number) => new Date(Date.now() + offset).toISOString();
      const live = await t.store.posts.create(post("Live", { featured: true }), null);
      const wentLive = await t.store.posts.create(post("Went Live", { featured: true, publishAt: at(-hour) }), null);
      const draft = await t.store.posts.create(post("Draft", { featured: true, status: "draft" }), null);
      const scheduled = await t.store.posts.create(post("Scheduled", { featured: true, publishAt: at(hour) }), null);
      // A draft whose publish time has passed is still a draft.
      await t.store.posts.create(post("Old Draft", { status: "draft", publishAt: at(-hour) }), null);

      const publicTitles = ["Live", "Went Live"];
      const titles = (posts: { title?: string; data?: { title: string } }[]) =>
        posts.map((p) => p.title ?? p.data?.title).sort();
      expect(titles((await t.store.posts.list({ audience: "public", pageSize: 10 })).posts)).toEqual(publicTitles);
      expect((await t.store.posts.list({ audience: "public", pageSize: 10 })).total).toBe(2);
      expect((await t.store.posts.list({ audience: "admin", pageSize: 10 })).total).toBe(5);
      expect(titles(await t.store.posts.featured(10))).toEqual(publicTitles);
      expect(titles(await t.store.posts.newest(10))).toEqual(publicTitles);
      const batches: string[][] = [];
      for await (const batch of t.store.posts.everyPublic(1)) batches.push(batch.map((p) => p.data.title));
      expect(batches.flat().sort()).toEqual(publicTitles);
      expect((await t.store.posts.addresses()).map((a) => a.slug).sort()).toEqual([live.slug, wentLive.slug].sort());
      expect(await t.store.posts.findBySlug(draft.slug)).toBeUndefined();
      expect(await t.store.posts.findBySlug(scheduled.slug)).toBeUndefined();
      expect((await t.store.posts.findBySlug(wentLive.slug))?.post.id).toBe(wentLive.id);
      // The admin reads every post, and its list says where each stands.
      expect((await t.store.posts.get(draft.id))?.data.status).toBe("draft");
      const cards = (await t.store.posts.list({ audience: "admin", pageSize: 10 })).posts;
      expect(cards.find((p) => p.id === scheduled.id)).toMatchObject({
        status: "published",
        publishAt: scheduled.data.publishAt,
      });
      expect(cards.find((p) => p.id === draft.id)).toMatchObject({ status: "draft", publishAt: null });

      // What cannot be an address is nobody's (PostgreSQL would refuse a NUL outright).
      for (const odd of ["a\u0000b", "x".repeat(81), "two--dashes", "UPPER", ""]) {
        expect(await t.store.posts.findBySlug(odd)).toBeUndefined();
      }

      // A renamed draft's former address leads nowhere either.
      const renamed = await t.store.posts.save(draft.id, post("Draft Renamed", { status: "draft" }), 1, null);
      expect(renamed.ok).toBe(true);
      expect(await t.store.posts.findBySlug(draft.slug)).toBeUndefined();
    });

    it("many saves of one title at once: each post saved, at an address of its own", async () => {
      // Eight at once from four stores (on PostgreSQL, four instances of the site), round after round.
      const stores: Store[] = [t.store, await t.rival(), await t.rival(), await t.rival()];
      const at = (i: number) => stores[i % stores.length]!.posts;
      const slugs: string[] = [];
      for (let round = 0; round < 4; round++) {
        const created = await Promise.all(
          Array.from({ length: 8 }, (_, i) => at(i).create(post("Crowded Title"), null)),
        );
        slugs.push(...created.map((record) => record.slug));
        for (const record of created) expect((await t.store.posts.get(record.id))?.slug).toBe(record.slug);
      }
      expect(new Set(slugs).size).toBe(32);
      expect([...slugs].sort()).toEqual(
        ["crowded-title", ...Array.from({ length: 31 }, (_, i) => `crowded-title-${i + 2}`)].sort(),
      );

      // Eight posts renamed to one title at once, round after round.
      const renamed: string[] = [];
      for (let round = 0; round < 3; round++) {
        const posts = await Promise.all(
          Array.from({ length: 8 }, (_, i) => t.store.posts.create(post(`Own Title ${round} ${i}`), null)),
        );
        const saved = await Promise.all(
          posts.map((record, i) => at(i).save(record.id, post("Renamed Alike"), 1, null)),
        );
        for (const result of saved) {
          expect(result.ok).toBe(true);
          if (!result.ok) continue;
          renamed.push(result.post.slug);
          expect(await t.store.posts.get(result.post.id)).toMatchObject({ version: 2, slug: result.post.slug });
        }
      }
      expect(new Set(renamed).size).toBe(24);
      expect(renamed.every((slug) => /^renamed-alike(-\d+)?$/.test(slug))).toBe(true);
      expect((await t.store.posts.list({ audience: "admin", pageSize: 100 })).total).toBe(32 + 24);
    });

    it("a stored post its schema refuses: left out of what visitors read (and reported), still the admin's to open, fix and delete", async () => {
      const good = await t.store.posts.create(post("Healthy Post", { featured: true }), null);
      // As the store wrote a publish time of 9999-12-31T23:59:59-23:59 before dates had a range.
      const data = {
        ...post("From Beyond", { featured: true }),
        date: "+010000-01",
        publishAt: "9999-12-31T23:59:59-23:59",
      };
      const summary = {
        title: data.title,
        excerpt: data.excerpt,
        date: data.date,
        readTime: data.readTime,
        image: data.image,
        featured: true,
        status: "published",
        publishAt: data.publishAt,
        postUpdatedAt: null,
      };
      const db = await t.database();
      await db
        .insertInto("posts")
        .values({
          id: "planted-post",
          version: 1,
          slug: "from-beyond",
          title: data.title,
          search: "from beyond",
          date: data.date,
          sort_updated: "+010000-01-01T23:58:59.000Z",
          position: 100,
          featured: 1,
          status: "published",
          publish_at: "+010000-01-01T23:58:59.000Z",
          summary: JSON.stringify(summary),
          data: JSON.stringify(data),
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
          updated_by: null,
        })
        .execute();
      await db
        .insertInto("post_revisions")
        .values({
          post_id: "planted-post",
          version: 1,
          data: JSON.stringify(data),
          created_at: "2026-01-01T00:00:00.000Z",
          created_by: null,
          restored_from: null,
        })
        .execute();

      const publicReads = async (store = t.store) => {
        const whole: string[] = [];
        for await (const batch of store.posts.everyPublic(10)) whole.push(...batch.map((p) => p.id));
        return {
          list: (await store.posts.list({ audience: "public", pageSize: 10 })).posts.map((p) => p.id),
          featured: (await store.posts.featured(10)).map((p) => p.id),
          newest: (await store.posts.newest(10)).map((p) => p.id),
          whole,
          addresses: (await store.posts.addresses()).map((a) => a.slug),
          page: (await store.posts.findBySlug("from-beyond"))?.post.id,
          get: (await store.posts.get("planted-post"))?.id,
        };
      };
      expect(await publicReads()).toEqual({
        list: [good.id],
        featured: [good.id],
        newest: [good.id],
        whole: [good.id],
        addresses: [good.slug],
        page: undefined,
        get: undefined,
      });
      // Reported as reads leave it out: once (per save of it), with what is wrong.
      const other = await t.another();
      const reported: UnreadablePost[] = [];
      other.posts.onUnreadable((found) => reported.push(found));
      await publicReads(other);
      expect(reported).toHaveLength(1);
      expect(reported[0]).toMatchObject({ id: "planted-post", version: 1, slug: "from-beyond" });
      expect(reported[0]!.issues).toContainEqual({ path: "publishAt", message: "Use a date between 2000 and 2100." });

      // The admin: in the list, opened as stored with what is wrong, its versions too.
      const cards = (await t.store.posts.list({ audience: "admin", pageSize: 10 })).posts;
      expect(cards.find((p) => p.id === "planted-post")).toMatchObject({ title: "From Beyond", slug: "from-beyond" });
      const stored = await t.store.posts.stored("planted-post");
      expect(stored).toMatchObject({ id: "planted-post", version: 1, slug: "from-beyond", data });
      expect(stored && "issues" in stored && stored.issues.map((issue) => issue.path)).toEqual(["date", "publishAt"]);
      expect(await t.store.posts.revision("planted-post", 1)).toMatchObject({ version: 1, data });

      // Fixed by a save: every read has it again.
      const fixed = await t.store.posts.save("planted-post", post("From Beyond", { featured: true }), 1, "a@x.lk");
      expect(fixed).toMatchObject({ ok: true, post: { version: 2, slug: "from-beyond" } });
      expect((await publicReads()).newest.sort()).toEqual([good.id, "planted-post"].sort());
      expect(await t.store.posts.stored("planted-post")).not.toHaveProperty("issues");
      expect(await t.store.posts.remove("planted-post")).toBe(true);
    });

    it("knows the next publication and which posts went live in a span of time", async () => {
      const base = Date.parse("2030-06-01T00:00:00Z");
      const at = (minutes: number) => new Date(base + minutes * 60_000);
      const first = await t.store.posts.create(post("First", { publishAt: "2030-06-01T05:40:00+05:30" }), null);
      await t.store.posts.create(post("Draft", { status: "draft", publishAt: at(5).toISOString() }), null);
      const second = await t.store.posts.create(post("Second", { publishAt: at(20).toISOString() }), null);
      // Stored in UTC, so the offset a time was written with does not change its order.
      expect(await t.store.posts.nextPublication(at(0))).toEqual(at(10));
      expect(await t.store.posts.nextPublication(at(10))).toEqual(at(20));
      expect(await t.store.posts.nextPublication(at(20))).toBeUndefined();
      expect(await t.store.posts.publishedBetween(at(0), at(10))).toEqual([{ id: first.id, version: 1 }]);
      expect(await t.store.posts.publishedBetween(at(10), at(30))).toEqual([{ id: second.id, version: 1 }]);
      expect(await t.store.posts.publishedBetween(at(-10), at(0))).toEqual([]);
    });
  });
});
