import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { describeEachStore } from "../../../tests/helpers/each-store.ts";
import { fillLeadPages } from "./helpers.ts";

describeEachStore((t) => {
  it("gives leads stored before the page column the page their text names, once (0013-message-page, 0029-lead-pages)", async () => {
    const db = await t.database();
    const lead = (message: string) => ({
      name: "Visitor",
      email: "visitor@example.lk",
      company: "",
      message,
      ip: null,
      user_agent: null,
      source: "chat" as const,
      page: null,
      created_at: new Date().toISOString(),
      read_at: null,
    });
    try {
      await db
        .insertInto("contact_messages")
        .values([
          lead("Call me\n\nConversation in the chat on /about:\nVisitor: Hi\nAria: Hello"),
          lead("No note.\n\nSent from the chat on /blog/a-post before any question was asked."),
          lead("A lead whose text names no page"),
        ])
        .execute();
      // As a migration is given it.
      const migrating = db as unknown as Kysely<unknown>;
      expect(await fillLeadPages(migrating)).toBe(3);
      expect(await fillLeadPages(migrating)).toBe(0);
    } finally {
      await db.destroy();
    }
    const sent = await t.store.messages.sentBetween("2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z");
    expect(sent.map((message) => message.page)).toEqual(["/about", "/blog/a-post", undefined]);
  });
});
