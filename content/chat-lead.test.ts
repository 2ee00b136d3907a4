import { describe, expect, it } from "vitest";
import { chatLeadFieldErrors, chatLeadSchema, leadMessageText, leadPageOf } from "./chat-lead.ts";

const lead = {
  name: "  Nimal Perera ",
  email: "nimal@example.lk",
  transcript: [
    { sender: "user", text: " Can I speak to a human? " },
    { sender: "ai", text: "Of course." },
  ],
  page: "/services",
};

describe("a lead left in the chat", () => {
  it("is trimmed, and the note is optional", () => {
    expect(chatLeadSchema.parse(lead)).toEqual({
      name: "Nimal Perera",
      email: "nimal@example.lk",
      note: "",
      transcript: [
        { sender: "user", text: "Can I speak to a human?" },
        { sender: "ai", text: "Of course." },
      ],
      page: "/services",
    });
  });

  it("names the fields the visitor typed, with the Contact form's words", () => {
    const result = chatLeadSchema.safeParse({ ...lead, name: "", email: "nimal", note: "n".repeat(2_001) });
    expect(result.success).toBe(false);
    expect(chatLeadFieldErrors(result.error!)).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid email address, like name@example.com.",
      note: "Note is too long: keep it under 2,000 characters.",
    });
  });

  it("bounds the transcript and takes only a path as the page", () => {
    const many = Array.from({ length: 31 }, () => ({ sender: "user", text: "hi" }));
    expect(chatLeadSchema.safeParse({ ...lead, transcript: many }).success).toBe(false);
    expect(chatLeadSchema.safeParse({ ...lead, transcript: many.slice(1) }).success).toBe(true);
    expect(chatLeadSchema.safeParse({ ...lead, transcript: [{ sender: "ai", text: "x".repeat(2_001) }] }).success).toBe(
      false,
    );
    expect(chatLeadSchema.safeParse({ ...lead, page: "services" }).success).toBe(false);
    expect(chatLeadSchema.safeParse({ ...lead, page: "/a b" }).success).toBe(false);
    // Field errors are only for what the visitor typed.
    expect(chatLeadFieldErrors(chatLeadSchema.safeParse({ ...lead, page: "x" }).error!)).toEqual({});
  });

  it("drops NUL characters and mends broken UTF-16 in what it keeps", () => {
    const parsed = chatLeadSchema.parse({
      ...lead,
      note: "a\u0000b\uD800",
      transcript: [{ sender: "user", text: "c\u0000" }],
    });
    expect(parsed.note).toBe("ab\uFFFD");
    expect(parsed.transcript[0]!.text).toBe("c");
  });
});

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
