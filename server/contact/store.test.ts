import { describe, expect, it } from "vitest";
import { describeEachStore } from "../../tests/helpers/each-store.ts";

const input = (name: string, message = "Hello") => ({
  name,
  email: `${name.toLowerCase()}@example.lk`,
  company: "",
  message,
  ip: null,
  userAgent: null,
});

describeEachStore((t) => {
  describe("messages", () => {
    it("keeps the page a message was sent on: /contact for the form, the chat's page for a lead", async () => {
      const from = new Date(Date.now() - 60_000).toISOString();
      await t.store.messages.add({ ...input("Nimal"), page: "/contact" });
      await t.store.messages.add({ ...input("Kamala", "No note."), source: "chat", page: "/services" });
      const to = new Date(Date.now() + 60_000).toISOString();
      const sent = await t.store.messages.sentBetween(from, to);
      expect(sent.map(({ source, page }) => ({ source, page }))).toEqual([
        { source: "form", page: "/contact" },
        { source: "chat", page: "/services" },
      ]);
    });

    it("searches name, email, company and text ignoring case, with % and _ taken literally", async () => {
      await t.store.messages.add(input("Nimal", "Need 100% growth"));
      await t.store.messages.add(input("Kamala", "snake_case names"));
      await t.store.messages.add(input("Ruwan", "Plain"));
      const names = async (query: string) =>
        (await t.store.messages.search({ query, offset: 0, limit: 20 })).messages.map((m) => m.name);
      expect(await names("NIMAL")).toEqual(["Nimal"]);
      expect(await names("kamala@EXAMPLE")).toEqual(["Kamala"]);
      expect(await names("100%")).toEqual(["Nimal"]);
      expect(await names("e_c")).toEqual(["Kamala"]);
      expect(await names("%")).toEqual(["Nimal"]);
      const page = await t.store.messages.search({ offset: 0, limit: 2 });
      expect(page).toMatchObject({ total: 3, unreadCount: 3 });
      expect(page.messages.map((m) => m.name)).toEqual(["Ruwan", "Kamala"]);
    });

    it("stores a message with its deliveries in one go, and claims each delivery once", async () => {
      const message = await t.store.messages.add(input("Nimal"), {
        channels: ["email", "forward"],
        origin: "http://localhost",
      });
      expect(typeof message.id).toBe("number");
      const now = new Date();
      const lease = new Date(now.getTime() + 60_000);
      const other = await t.rival();
      const claims = await Promise.all([
        t.store.outbox.claimDue(now, lease, 10),
        other.outbox.claimDue(now, lease, 10),
      ]);
      const claimed = claims.flat();
      expect(claimed.map((d) => d.channel).sort()).toEqual(["email", "forward"]);
      expect(claimed.every((d) => d.attempts === 1 && d.messageId === message.id)).toBe(true);
      expect(await t.store.messages.purgeDeleted(new Date())).toBe(0);
      expect(await t.store.messages.softDelete(message.id, new Date(Date.now() - 10_000))).toBeDefined();
      expect(await t.store.messages.purgeDeleted(new Date())).toBe(1);
      expect(await t.store.outbox.forMessages([message.id])).toEqual([]);
    });
  });
});
