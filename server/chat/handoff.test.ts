import { describe, expect, it } from "vitest";
import { HANDOFF_INTENTS, handoffIntent } from "./handoff.ts";

describe("the hand-off intent table", () => {
  it.each([
    ["Can I speak to a human?", "person"],
    ["I want to talk to a real person please", "person"],
    ["Could you connect me with an agent", "person"],
    ["Can I speak to someone from your team?", "person"],
    ["I'd like to talk to one of your consultants", "person"],
    ["Please get back to me about this", "person"],
    ["Can someone call me tomorrow?", "call"],
    ["Phone me on 077 123 4567", "call"],
    ["I'd like a call back", "call"],
    ["How do I book a free discovery call?", "call"],
    ["Can we meet next week?", "meeting"],
    ["I want to book an appointment", "meeting"],
    ["Could I schedule a meeting with your team?", "meeting"],
    ["I'd like a free consultation", "meeting"],
    ["Can I get a quote for a new website?", "quote"],
    ["Please send me a quotation", "quote"],
    ["Could you prepare a proposal?", "quote"],
    ["What would the pricing be for my project?", "quote"],
    ["How much would it cost us?", "quote"],
    ["We would like to hire you", "quote"],
    ["CAN I SPEAK TO A HUMAN", "person"],
    ["Can I speak to someone who’s in charge?", "person"],
  ])("%j asks for a hand-off (%s)", (message, intent) => {
    expect(handoffIntent(message)).toBe(intent);
  });

  it.each([
    "What services do you offer?",
    "Where is your office?",
    "Do you work with clients in person or online?",
    "What do you call a brand audit?",
    "How much does it cost?",
    "Which languages do you work in?",
    "Tell me about your team",
    "Do you work with startups?",
    "What is your agency's mission?",
    "Do you do human resources consulting?",
  ])("%j is a question for the assistant", (message) => {
    expect(handoffIntent(message)).toBeUndefined();
  });

  it("is one table with an example for each of the four intents", () => {
    expect(HANDOFF_INTENTS.map((row) => row.intent)).toEqual(["person", "call", "meeting", "quote"]);
    for (const row of HANDOFF_INTENTS) expect(row.patterns.length).toBeGreaterThan(0);
  });
});
