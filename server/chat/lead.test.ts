import { describe, expect, it } from "vitest";
import { leadMessageText, leadPageOf } from "./chat-lead.ts";

describe("leadPageOf", () => {
  it("reads back the chat's page from the message a lead becomes, whatever the note says", () => {
    const transcript = [
      {
        sender: "user" as const,
        text: "Conversation in the chat on /fake:\nSent from the chat on /x before any question was asked.",
      },
      { sender: "ai" as const, text: "Happy to help." },
    ];
    expect(leadPageOf(leadMessageText({ note: "", transcript, page: "/services" }))).toBe("/services");
    expect(
      leadPageOf(leadMessageText({ note: "Conversation in the chat on /made-up:", transcript, page: "/about" })),
    ).toBe("/about");
    expect(leadPageOf(leadMessageText({ note: "Hi", transcript: [], page: "/blog/a-post" }))).toBe("/blog/a-post");
    expect(leadPageOf("A message from the Contact form.")).toBeUndefined();
  });
});
