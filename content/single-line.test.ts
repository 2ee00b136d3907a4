import { describe, expect, it } from "vitest";
import { defaultAbout, defaultHome } from "./defaults.ts";
import { chatLeadSchema } from "./chat-lead.ts";
import { contactMessageSchema } from "./contact-message.ts";
import { aboutSchema, homeSchema } from "./schemas.ts";
import { singleLine } from "./single-line.ts";

const FORGED = "Eve\r\nBcc: victim@example.com\r\nX-Injected: 1";
const FOLDED = "Eve Bcc: victim@example.com X-Injected: 1";

describe("singleLine", () => {
  it("folds each run of line breaks and control characters into one space", () => {
    expect(singleLine(FORGED)).toBe(FOLDED);
    expect(singleLine("a\nb\rc\u0085d\u2028e\u2029f\tg\u0001\u007fh")).toBe("a b c d e f g h");
    expect(singleLine("a\r\n\r\n\tb")).toBe("a b");
  });

  it("leaves other text as it is", () => {
    expect(singleLine("Nimal Perera — Kandy Spice Co. 🌶 ශ්‍රී")).toBe("Nimal Perera — Kandy Spice Co. 🌶 ශ්‍රී");
  });
});

describe("single-line fields of the shared schemas", () => {
  it("fold a contact message's name and company, and refuse an email with a line break, but keep the message's lines", () => {
    const parsed = contactMessageSchema.parse({
      name: FORGED,
      email: "eve@example.com",
      company: "Tea\u2028Co\u2029",
      message: "Line one\r\nLine two",
    });
    expect(parsed).toEqual({
      name: FOLDED,
      email: "eve@example.com",
      company: "Tea Co",
      message: "Line one\r\nLine two",
    });
    expect(contactMessageSchema.safeParse({ ...parsed, email: "eve@example.com\r\nBcc: x@example.com" }).success).toBe(
      false,
    );
  });

  it("fold a chat lead's name, drop a NUL from its page and refuse a page with a line break or control character", () => {
    const lead = { name: FORGED, email: "eve@example.com", transcript: [], page: "/a\u0000b" };
    expect(chatLeadSchema.parse(lead)).toMatchObject({ name: FOLDED, page: "/ab" });
    for (const page of ["/a\r\nb", "/a\u2028b", "/a\u0001b", "/a\u007fb"])
      expect(chatLeadSchema.safeParse({ ...lead, page }).success, JSON.stringify(page)).toBe(false);
  });

  it("fold titles and names in content, and keep the lines of longer texts", () => {
    const home = homeSchema.parse({
      ...defaultHome,
      hero: { ...defaultHome.hero, title: "Grow\r\nyour business", subtitle: "One\nTwo" },
    });
    expect(home.hero).toMatchObject({ title: "Grow your business", subtitle: "One\nTwo" });
    const about = aboutSchema.parse({
      ...defaultAbout,
      team: [{ name: FORGED, role: "Lead\u2029", description: "A\nB", image: "" }],
    });
    expect(about.team[0]).toEqual({ name: FOLDED, role: "Lead", description: "A\nB", image: "" });
  });
});
