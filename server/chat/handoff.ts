import type { HandoffReason } from "#content/chat.ts";

/**
 * When the chat offers to pass the conversation to the team (docs/product.md §2
 * "Leads from the chat"): always when a visitor asks for a person, a call, a
 * meeting or a quote. One table, read top to bottom; the first intent whose
 * pattern matches the visitor's message wins. Patterns are phrases, not single
 * words, so "Do you work in person?" or "What do you call a brand audit?" do
 * not count (./handoff.test.ts lists both kinds). Each intent has English,
 * Sinhala and Tamil phrases (the last two as people type them, English
 * loanwords included: "මට කෝල් එකක් දෙන්න", "மீட்டிங் வைக்கலாமா").
 */

/**
 * An appointment is with us unless it is said to be with someone else (a doctor, a dentist, a
 * hospital, a visa office): "a doctor's appointment", "ඩොක්ටර් ඇපොයින්ට්මන්ට්", "கண் டொக்டர்
 * appointment" ask for another trade's.
 */
const OTHERS =
  "doctor'?s?|dentist'?s?|hospital|clinic|channell?ing|visa|embassy|salon|ඩොක්ටර්(?:ගෙ|ගේ)?|දොස්තර(?:ගෙ|ගේ)?|වෛද්‍ය(?:වරයාගේ|වරයෙක්)?|ඉස්පිරිතාලේ?|හොස්පිටල්|ඩෙන්ටිස්ට්|டொக்டர்|டாக்டர்|வைத்தியர்|ஆஸ்பத்திரி|ஹொஸ்பிட்டல்|ஹாஸ்பிட்டல்|பல் ?டொக்டர்";
const OURS = `(?<!(?:${OTHERS}) )`;

/** What a visitor may ask the team for: the reasons to offer a hand-off (content/chat.ts) but "unanswered". */
export type HandoffIntent = Exclude<HandoffReason, "unanswered">;

export const HANDOFF_INTENTS: readonly { intent: HandoffIntent; patterns: readonly RegExp[] }[] = [
  {
    // "Can I speak to a human?", "I'd like to talk to someone", "connect me with an agent", "please get back to me"
    intent: "person",
    patterns: [
      /\b(?:human(?! resources| rights)|real person|live person|actual person|agent|representative|operator)\b/,
      /\b(?:speak|talk|chat|get in touch|connect me|put me through) (?:directly )?(?:to|with) (?:(?:a|an|the|one of|your|a member of) )*(?:someone|somebody|person|people|staff|team|consultant|expert|manager|owner|founder)/,
      /\b(?:someone|somebody) (?:from|on|in|at) (?:your|the) (?:team|agency|office|company)\b/,
      /\b(?:contact|email|e-mail|reach|get back to) me\b/,
      // "කෙනෙක් එක්ක කතා කරන්න පුළුවන්ද?", "කණ්ඩායම සමඟ කෙලින්ම කතා කරන්න", "මාව සම්බන්ධ කරගන්න"
      /(?:කෙනෙක්|කෙනෙකු|මිනිහෙක්|මනුස්සයෙක්|පුද්ගලයෙක්|පුද්ගලයෙකු|කණ්ඩායම|ටීම් එක) ?(?:එක්ක|සමඟ|සමග)(?: කෙලින්ම| සෘජුවම)? (?:කතා|කථා|සම්බන්ධ)/,
      /(?:මාව|මා හා|මා සමඟ) (?:සම්බන්ධ කරගන්න|සම්බන්ධ කර ගන්න|සම්බන්ධ වෙන්න|සම්බන්ධ වන්න)/,
      // "ஒருவருடன் நேரடியாகப் பேச முடியுமா?", "உங்கள் குழுவுடன் பேச வேண்டும்", "என்னைத் தொடர்புகொள்ளுங்கள்"
      /(?:ஒருவருடன்|ஆளுடன்|ஆளோடு|நபருடன்|மனிதருடன்|குழுவுடன்|குழுவினருடன்|ஊழியருடன்) (?:நேரடியாகப் |நேரடியாக )?(?:பேச|கதைக்க)/,
      /என்னைத்? ?தொடர்பு ?கொள்/,
    ],
  },
  {
    // "Can you call me?", "phone me tomorrow", "I'd like a call back", "book a discovery call"
    intent: "call",
    patterns: [
      /\b(?:call|phone|ring|whatsapp) (?:me|us|you)\b/,
      /\b(?:give|get) (?:me|us) a (?:call|ring)\b/,
      /\bcall ?back\b/,
      /\b(?:book|schedule|arrange|set up|request|want|like|have) (?:a |an |the )?(?:quick |short |free |discovery |phone |video |zoom )*call\b/,
      /\b(?:discovery|phone|video|zoom) call\b/,
      // "මට කෝල් එකක් දෙන්න", "අපිට call කරන්න පුළුවන්ද?", "ඇමතුමක් ගන්න"
      /(?:මට|මාට|අපට|අපිට) (?:කෝල්|ඇමතුමක්|ෆෝන් කෝල්)/,
      /(?:කෝල් එකක්|ඇමතුමක්) (?:දෙන්න|ගන්න|කරන්න|වෙන් කරගන්න)/,
      // "என்னை அழைக்க முடியுமா?", "எனக்கு ஒரு கோல் பண்ணுங்கள்", "அழைப்பு ஒன்றை ஏற்பாடு செய்ய"
      /(?:என்னை|எங்களை) (?:அழை|call)/,
      /(?:எனக்கு|எங்களுக்கு) (?:ஒரு )?(?:கோல்|call|அழைப்பு)/,
      /(?:அழைப்பு|கோல்) (?:ஒன்றை |ஒன்று )?(?:ஏற்பாடு|பண்ணு|எடு)/,
    ],
  },
  {
    // "Can we meet next week?", "book an appointment", "I'd like a free consultation"
    intent: "meeting",
    patterns: [
      // Not an appointment with someone else ("a doctor's appointment", "கண் டொக்டர் appointment");
      // nor a meeting room asked for (MEETING_PLACE, below).
      new RegExp(`\\b(?:meeting|meet up|${OURS}appointment)\\b`, "u"),
      /\b(?:can|could|shall|should) (?:we|i) meet\b/,
      /\bmeet (?:with )?(?:you|your team|someone|in person)\b/,
      /\b(?:book|schedule|arrange|request|want|like|have|get) (?:a |an )?(?:free )?consultation\b/,
      // "මීටින් එකක් දාගන්න පුළුවන්ද?", "ඔෆිස් එකට ඇවිත් හමුවෙන්න", "ඇපොයින්ට්මන්ට් එකක්"
      new RegExp(`(?:මීටින්|රැස්වීමක්|හමුවීමක්|හමුවෙන්න|හමු වෙන්න|හම්බවෙන්න|හම්බ වෙන්න|${OURS}ඇපොයින්ට්මන්ට්)`, "u"),
      // "சந்திக்க முடியுமா?", "மீட்டிங் வைக்கலாமா", "சந்திப்பு ஒன்றை ஏற்பாடு செய்ய"
      new RegExp(`(?:சந்திப்பு|சந்திக்க|சந்திக்கலாமா|மீட்டிங்|${OURS}அப்பொயின்ட்மென்ட்)`, "u"),
    ],
  },
  {
    // "Can I get a quote?", "send me a proposal", "pricing for my project", "how much would it cost us?"
    intent: "quote",
    patterns: [
      /\b(?:quote|quotes|quotation|quotations|proposal|price list)\b/,
      /\b(?:a|an|rough|cost|price) estimate\b/,
      /\b(?:price|prices|pricing|cost|costs|budget|fee|fees)\b.*\bfor (?:my|our) (?:project|business|company|brand|website|shop|store|hotel|restaurant|campaign|startup)\b/,
      /\bhow much (?:would|will|could) (?:it|that|this|you) (?:cost|charge) (?:me|us)\b/,
      /\b(?:hire|work with) you\b/,
      // "කොටේෂන් එකක් එවන්න පුළුවන්ද?", "මිල ඇස්තමේන්තුවක්"
      /(?:කොටේෂන්|කොටේශන්|ඇස්තමේන්තුවක්|මිල ඇස්තමේන්තු|මිල ගණන් ලැයිස්තුව)/,
      // "விலைமதிப்பீடு தர முடியுமா?", "கொட்டேஷன் அனுப்புங்கள்"
      /(?:விலைமதிப்பீடு|கொட்டேஷன்|கொட்டேசன்|விலைப்பட்டியல்)/,
    ],
  },
];

/** A meeting room or hall named, in English, Sinhala and Tamil: the place is asked for, not a meeting with the team. */
const MEETING_PLACE =
  /\bmeeting (?:room|rooms|hall|halls|space|spaces|venue)\b|මීටින් ?(?:රූම්|හෝල්|ශාලා|කාමර)|மீட்டிங் ?(?:ரூம|ஹோல|ஹால|அறை|மண்டப)/u;

/**
 * The hand-off the visitor asks for in `message`, if any. Read without the
 * zero-width joiners, which only change how a Sinhala word is drawn.
 */
export function handoffIntent(message: string): HandoffIntent | undefined {
  const text = message
    .normalize("NFC")
    .replace(/[\u200C\u200D]/g, "")
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/\s+/g, " ");
  // A message asking for a meeting room or hall asks for the place, whatever meeting it is for
  // ("can i hold a client meeting in your meeting room?"): never a meeting with the team.
  const room = MEETING_PLACE.test(text);
  return HANDOFF_INTENTS.find(
    ({ intent, patterns }) => !(room && intent === "meeting") && patterns.some((pattern) => pattern.test(text)),
  )?.intent;
}
