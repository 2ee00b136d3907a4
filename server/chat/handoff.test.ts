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

  it.each([
    ["කෙනෙක් එක්ක කෙලින්ම කතා කරන්න පුළුවන්ද?", "person"],
    ["ඔයාලගේ කණ්ඩායම සමඟ කතා කරන්න ඕනේ", "person"],
    ["කරුණාකර මාව සම්බන්ධ කරගන්න", "person"],
    ["මට කෝල් එකක් දෙන්න පුළුවන්ද?", "call"],
    ["හෙට ඇමතුමක් දෙන්න", "call"],
    ["මීටින් එකක් දාගන්න පුළුවන්ද?", "meeting"],
    ["ඔෆිස් එකට ඇවිත් හමුවෙන්න පුළුවන්ද?", "meeting"],
    ["වෙබ් අඩවියකට කොටේෂන් එකක් එවන්න", "quote"],
    ["உங்கள் குழுவில் ஒருவருடன் நேரடியாகப் பேச முடியுமா?", "person"],
    ["தயவுசெய்து என்னைத் தொடர்புகொள்ளுங்கள்", "person"],
    ["நாளை என்னை அழைக்க முடியுமா?", "call"],
    ["எனக்கு ஒரு கோல் பண்ணுங்கள்", "call"],
    ["அடுத்த வாரம் சந்திக்க முடியுமா?", "meeting"],
    ["மீட்டிங் வைக்கலாமா?", "meeting"],
    ["இணையத்தளத்துக்கு விலைமதிப்பீடு தர முடியுமா?", "quote"],
    ["கொட்டேஷன் அனுப்புங்கள்", "quote"],
  ])("%j (Sinhala or Tamil) asks for a hand-off (%s)", (message, intent) => {
    expect(handoffIntent(message)).toBe(intent);
  });

  it.each([
    "ඔයාලා දෙන සේවා මොනවද?",
    "ඔයාලගේ ෆෝන් නම්බර් එක මොකක්ද?",
    "කන්ටෙන්ට් ලියලා දෙනවද?",
    "என்னென்ன சேவைகள் செய்கிறீர்கள்?",
    "உங்கள் தொலைபேசி இலக்கம் என்ன?",
    "சமூக ஊடக விளம்பரங்கள் செய்வீர்களா?",
  ])("%j (Sinhala or Tamil) is a question for the assistant", (message) => {
    expect(handoffIntent(message)).toBeUndefined();
  });

  // A meeting room or hall is a place asked for (to rent, to book), not a meeting with the team.
  it.each([
    ["Can we rent your meeting room for a day?", undefined],
    ["do u have a meeting hall for events", undefined],
    ["ඔයාලගෙ මීටින් රූම් එක දවසකට කුලියට දෙනවද?", undefined],
    ["உங்கட ஒபிஸ் மீட்டிங் ரூம ஒரு நாளைக்கு வாடகைக்குத் தருவீங்களா?", undefined],
    ["மீட்டிங் ஹோல் இருக்கா?", undefined],
    ["Can we have a meeting next week?", "meeting"],
    ["ලබන සතියේ මීටින් එකක් දාගන්න පුළුවන්ද?", "meeting"],
    ["அடுத்த வாரம் மீட்டிங் வைக்கலாமா?", "meeting"],
  ])("%j names a meeting room, or asks for a meeting (%s)", (message, intent) => {
    expect(handoffIntent(message)).toBe(intent);
  });

  // An appointment with someone else (a doctor, a visa office) is another trade's, not a meeting with the team.
  it.each([
    ["can you get me a doctor's appointment?", undefined],
    ["need a visa appointment for my son", undefined],
    ["ඩොක්ටර් ඇපොයින්ට්මන්ට් එකක් දාලා දෙන්න පුළුවන්ද?", undefined],
    ["அம்மாக்கு டொக்டர் appointment எடுத்து தர ஏலுமா?", undefined],
    ["can I book an appointment?", "meeting"],
    ["ඇපොයින්ට්මන්ට් එකක් ගන්න පුළුවන්ද?", "meeting"],
    ["அப்பொயின்ட்மென்ட் ஒன்று எடுக்கலாமா?", "meeting"],
  ])("%j is someone else's appointment, or a meeting with us (%s)", (message, intent) => {
    expect(handoffIntent(message)).toBe(intent);
  });

  it("reads Sinhala written with or without the zero-width joiner alike", () => {
    expect(handoffIntent("කෙනෙක් එක්ක කතා කරන්න")).toBe("person");
    expect(handoffIntent("කෙනෙක්\u200D එක්ක කතා කරන්න")).toBe("person");
  });

  it("is one table with an example for each of the four intents", () => {
    expect(HANDOFF_INTENTS.map((row) => row.intent)).toEqual(["person", "call", "meeting", "quote"]);
    for (const row of HANDOFF_INTENTS) expect(row.patterns.length).toBeGreaterThan(0);
  });
});
