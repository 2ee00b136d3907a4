import { describe, expect, it } from "vitest";
import { defaultHome } from "#content/defaults.ts";
import { describeEachStore } from "../../tests/helpers/each-store.ts";

const titled = (title: string) => ({ ...defaultHome, hero: { ...defaultHome.hero, title } });
const input = (name: string, message = "Hello") => ({
  name,
  email: `${name.toLowerCase()}@example.lk`,
  company: "",
  message,
  ip: null,
  userAgent: null,
});

describeEachStore((t) => {
  describe("backup dump", () => {
    it("lists the tables in the same order with rows in key order, and loads into an empty store", async () => {
      await t.store.documents.save("home", titled("One"), 0, "a@example.lk");
      await t.store.documents.save("about", (await t.store.documents.get("about")).data, 0, null);
      await t.store.documents.save("home", titled("Two"), 1, "a@example.lk");
      await t.store.users.create("b@example.lk", "hash");
      await t.store.users.create("a@example.lk", "hash");
      await t.store.messages.add(input("Nimal"), { channels: ["email"], origin: "http://localhost" });
      const dump = await t.store.backup.dump();
      expect(Object.keys(dump.tables)).toEqual([
        "analytics_daily",
        "chat_conversations",
        "chat_messages",
        "contact_messages",
        "deliveries",
        "documents",
        "landing_page_revisions",
        "landing_page_translation_revisions",
        "landing_page_translations",
        "landing_pages",
        "media",
        "passkeys",
        "post_addresses",
        "post_revisions",
        "post_translation_addresses",
        "post_translation_revisions",
        "post_translations",
        "posts",
        "revisions",
        "two_factor_policy",
        "two_factor_recovery_codes",
        "users",
      ]);
      expect(dump.tables["documents"]!.map((row) => row["key"])).toEqual(["about", "home"]);
      expect(dump.tables["users"]!.map((row) => row["id"])).toEqual([1, 2]);

      const target = await t.newSite();
      const copy = await target.open();
      try {
        await copy.backup.load(dump);
        expect(await copy.backup.dump()).toEqual(dump);
        // Ids restored with the rows; new rows continue after them.
        expect((await copy.users.create("c@example.lk", "hash"))?.id).toBe(3);
        await expect(copy.backup.load(dump)).rejects.toThrow(/is not empty/);
      } finally {
        await copy.close();
        await target.remove();
      }
    });
  });
});
