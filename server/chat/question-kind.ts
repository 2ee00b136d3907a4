import { sentencesOf, words } from "./terms.ts";

/**
 * What a question asks for, read from its question words in English, Sinhala
 * and Tamil: a time ("how long", "when"), an amount ("how much"), a place, a
 * person, a reason, or a sort of thing ("what kind", "which"). The team's
 * Answers (./answers.ts) give an entry only to a question asking for what its
 * phrasing asks for: "Do you build websites?" shares "build" and "website"
 * with "How long does it take to build a website?", but asks no time, and "Who
 * hosts the websites you build?" asks for a person. Content words cannot tell
 * these apart: the question words are stop words (./terms.ts).
 *
 * An open question word ("what", "how") asks for nothing in particular: a
 * phrasing asking so ("What is the timeline for a website?") takes a question
 * asking for any of these. A question with no question word (a yes-or-no
 * question, a few words typed) asks for none of them.
 */
export type QuestionKind = "time" | "amount" | "place" | "person" | "reason" | "sort" | "open";

/** A question word, as `words` gives it: the whole word, or (ending in "…") any word beginning so (Sinhala and Tamil add endings). */
type Pattern = string;

interface KindWords {
  /** Words that alone ask for the kind. */
  alone: readonly Pattern[];
  /** Word pairs, the second at most two words from the first: "how long", "what kind", "කොච්චර කල්". */
  pairs?: readonly (readonly [readonly Pattern[], readonly Pattern[]])[];
}

const list = (text: string) => text.trim().split(/\s+/);

/** Words of time after "how" or "how much" ("how long", "how many weeks", කොච්චර කල්): the question asks for a time. */
const TIME_UNITS = list(`
  long soon quickly fast often minutes hours days weeks months years
  කල්… කාල… දවස… දින… සති… මාස… වෙලා… පැය… අවුරුදු… වසර…
  கால… நாள… நாட்… வார… மாத… நேர… மணி… வருட… ஆண்டு… கிழமை…
`);
/** "When": alone, it asks a time (spoken Sinhala too: කවද්ද, කවදද). */
const WHEN = list("when whens කවදා… කවද්ද කවදද எப்போ… எப்பொழுது…");
/** Verbs of taking time ("how long does it take", "எத்தனை வாரம் எடுக்கும்", "කල් ගත වේද"): the form of a time asked. */
const TIME_VERBS = list("take takes taking took ගත ගතවේ… ගතවෙ… ஆகும்… எடுக்கும்… பிடிக்கும்…");
/** "How much", "how many" in Sinhala and Tamil: an amount, or (followed by TIME_UNITS) a time. */
const HOW_MUCH = list("කොච්චර… කොපමණ… කීය… කොයිතරම්… எவ்வளவு… எத்தனை… எத்தின…");

/**
 * The question words of each kind, in the order they are looked for (the first kind found is
 * the question's): a time before an amount ("how many weeks"), a sort before an open "what".
 */
const KINDS: readonly (readonly [QuestionKind, KindWords])[] = [
  [
    "time",
    {
      alone: WHEN,
      pairs: [
        [["how"], TIME_UNITS],
        [HOW_MUCH, TIME_UNITS],
        // "What time do you close?", "at what hour": a time of day.
        [list("what which"), list("time hour hours")],
      ],
    },
  ],
  [
    "amount",
    {
      alone: HOW_MUCH,
      pairs: [
        [["how"], list("much many big")],
        // "What's the price of …?", "what fee", "என்ன விலை", "விலை என்ன": an amount asked by its name.
        [list("what whats என்ன"), list("price prices cost fee fees rate rates charge charges விலை… கட்டண…")],
      ],
    },
  ],
  ["place", { alone: list("where wheres කොහෙ… කොහේ… කොතන… කොතැන… කොහි… எங்கே… எங்கு எங்கிருந்து") }],
  // Sri Lankan Tamil says ஆர், ஆரு for யார் ("who"; not ஆர… as a word begins: ஆரம்பம், a beginning).
  ["person", { alone: list("who whos whom whose කවුද කවුරු… කාටද කාගේ කාගෙද யார… ஆர் ஆரு ஆரை ஆருக்கு ஆரோட ஆரிட்ட") }],
  ["reason", { alone: list("why ඇයි ඇයිද ஏன்") }],
  [
    "sort",
    {
      alone: list("which මොන කුමන… කොයි… எந்த… எப்படிப்பட்ட… எவ்வகை…"),
      pairs: [[list("what என்ன"), list("kind kinds type types sort sorts வகை… மாதிரி…")]],
    },
  ],
  [
    "open",
    {
      alone: list(`
        what whats how hows මොකක්… මොනවා… මොනවද කුමක්… කොහොම… කෙසේ…
        என்ன என்னென்ன எது எவை எப்படி… எவ்வாறு…
      `),
    },
  ],
];

const matches = (word: string, patterns: readonly Pattern[]) =>
  patterns.some((pattern) => (pattern.endsWith("…") ? word.startsWith(pattern.slice(0, -1)) : word === pattern));

/**
 * The words at most two before or after the `i`th: a pair's second word follows its first in
 * English and Tamil ("how long", எத்தனை வாரங்கள்), but may come before in Sinhala (සති කීයක්, "how many weeks").
 */
const near = (all: readonly string[], i: number) => [...all.slice(Math.max(0, i - 2), i), ...all.slice(i + 1, i + 3)];

/**
 * Words after which an English "when" inside a sentence still asks a time ("so when", "tell me
 * when", "i want to know when"). After any other word it joins a clause to what came before
 * ("show up higher when people google us", "what do i do when my ads stop"): no time is asked.
 */
const WHEN_ASKS_AFTER = new Set(
  list("so and but then ok okay hi hello exactly me us know tell ask asking about wondering idea sure please pls"),
);

/** The words of `text` but an English "when" that joins a clause (above): the question words it says. */
function questionWords(text: string): string[] {
  return sentencesOf(text).flatMap((sentence) =>
    words(sentence).filter((word, i, all) => !(word === "when" && i > 0 && !WHEN_ASKS_AFTER.has(all[i - 1]!))),
  );
}

/** What `text` asks for (see above), or undefined when it has no question word. */
export function questionKind(text: string): QuestionKind | undefined {
  const all = questionWords(text);
  for (const [kind, { alone, pairs = [] }] of KINDS) {
    for (const [i, word] of all.entries()) {
      if (pairs.some(([first, then]) => matches(word, first) && near(all, i).some((w) => matches(w, then))))
        return kind;
    }
    if (all.some((word) => matches(word, alone))) return kind;
  }
  return undefined;
}

/** Tamil letters: a unit before "எத்தனை" is what is counted by ("வாரத்துக்கு எத்தனை", per week). */
const TAMIL = /[\u0B80-\u0BFF]/u;

/**
 * The words of `text` that are the unit of a time it asks ("weeks" in "how many weeks?", "long" in
 * "how long", "කල්" in "කොච්චර කල්", "සති" in "සති කීයක්", "நாள்" in "எவ்வளவு நாள்"): the
 * question's form, like "how", not the thing asked about. The unit next to "how", "how many"
 * (after it; in Sinhala before it too), and a verb of taking time once a time is asked ("does it
 * take", "எடுக்கும்"). Not "how often" (a frequency is what is asked).
 */
export function timeUnitsAsked(text: string): Set<string> {
  const all = words(text);
  const units = new Set<string>();
  all.forEach((word, i) => {
    if (!matches(word, TIME_UNITS) || word === "often") return;
    const before = all[i - 1];
    const after = all[i + 1];
    const how = (w: string | undefined) =>
      w !== undefined && (w === "how" || w === "many" || w === "much" || matches(w, HOW_MUCH));
    if (how(before) || (how(after) && !TAMIL.test(word) && !/^[a-z]+$/.test(word))) units.add(word);
  });
  // "…does it take?", "…எடுக்கும்?", "…ஆகும்?": the verb of taking time is the form too, once a time is asked.
  if (units.size > 0 || all.some((word) => matches(word, WHEN)))
    for (const word of all) if (matches(word, TIME_VERBS)) units.add(word);
  return units;
}

/**
 * Whether a question asking for `asked` may be given the answer to a phrasing asking for
 * `phrased`: a phrasing asking for a particular thing takes only questions asking for it; a
 * question asking for one takes a phrasing asking for it or an open one.
 */
export function kindsAgree(asked: QuestionKind | undefined, phrased: QuestionKind | undefined): boolean {
  if (phrased !== undefined && phrased !== "open") return asked === phrased;
  if (asked !== undefined && asked !== "open") return phrased === "open";
  return true;
}

/**
 * Verbs of doing ("do", "work", and their Sinhala and Tamil forms, spoken or written), as the
 * word begins: "what do you do?", "මොනවද කරන්නේ?", "நீங்க என்ன பண்றீங்க?".
 */
const DOING = list(`
  do does doing work works working
  කර… කෙරෙ… වැඩ…
  செய்… செய்ய… பண்ண… பண்ற… பண்ணு… பண்… வேலை… பணி… பணியா…
`);
/** "What" and "which" (and "what kind of"): the question words of a question about what is done. */
const WHAT = list(`
  what whats which මොනවා… මොනවද මොකක්… මොකද මොන කුමක්… කුමන… என்ன என்னென்ன எது எவை எந்த…
`);
/**
 * What a business does, named generally: a question asking only of these asks for the services.
 * Not "services" itself: a question naming them is searched as it is.
 */
const WHAT_WE_DO = list(`
  work works job jobs guys actually exactly
  වැඩ… දේවල්… ජොබ්… මොන… මොනවා…
  வேலை… பணி… விஷய… ஜாப்… என்னென்ன…
`);

/**
 * Whether `text` is a vague question about what the business does ("What do you do?",
 * "ඔයාලා මොනවද කරන්නේ?", "நீங்கள் என்ன செய்கிறீர்கள்?", "what kind of work do you do?"): it asks
 * "what" or "which", has a verb of doing, and says nothing else than that and the question's own
 * words (stop words, as `isStop` tells them). The answer is the list of services. A question
 * naming anything ("What do you do for hotels?", "what do you do with my data?") is not vague:
 * its words are searched.
 */
export function asksWhatWeDo(text: string, isStop: (word: string) => boolean): boolean {
  const all = words(text);
  // "What" or "which", not "how": "How do you work?" asks how an engagement goes.
  if (!all.some((word) => matches(word, WHAT))) return false;
  if (!all.some((word) => matches(word, DOING))) return false;
  return all.every((word) => isStop(word) || matches(word, DOING) || matches(word, WHAT_WE_DO));
}

/**
 * Words asking to hear about the business itself (issue 41, ninth round): "tell me about you",
 * "introduce yourselves", "what is your company?", "ඔයාලා ගැන කියන්න", "ඔබේ ආයතනය ගැන",
 * "உங்களைப் பற்றி சொல்லுங்க", "உங்கள் நிறுவனம் பற்றி".
 */
const ABOUT_US = list(`
  about introduce… introduction yourself yourselves company companies agency firm business
  ගැන හඳුන්ව… ආයතන… කම්පැනි… සමාගම… ඒජන්සි… ඒජන්සී…
  பற்றி அறிமுக… நிறுவன… கம்பெனி… கம்பனி… ஏஜென்சி…
`);

/**
 * Whether `text` asks who we are and nothing more: "who are you?", "ඔයාලා කවුද?", "நீங்க யாரு?",
 * "tell me about Lanka Growth Partners", "what is Lanka Growth Partners?". It asks who, speaks of
 * us (ABOUT_US), or asks a question naming us (`namesUs`: the site's name, which is no word), and
 * says nothing else than that and stop words (`isStop`). The answer is the About page's opening
 * (SiteIndex.introduction): with no words left to search, it was the greeting. A question naming
 * anything ("who are your partners?", "tell me about your SEO work") is searched as it is.
 */
export function asksWhoWeAre(text: string, isStop: (word: string) => boolean, namesUs: boolean): boolean {
  const all = words(text);
  const kind = questionKind(text);
  const asks = kind === "person" || all.some((word) => matches(word, ABOUT_US)) || (namesUs && kind !== undefined);
  return asks && all.every((word) => isStop(word) || matches(word, ABOUT_US));
}

/**
 * A verb of beginning ("start", "begin", "set up"; Sinhala පටන්, ආරම්භ; Tamil ஆரம்ப…, தொடங்…,
 * தொடக்…) in a question asking who (issue 41, seventh round): "who started this company?", "මේ
 * කම්පැනි එක පටන් ගත්තෙ කවුද?", "இந்த கம்பெனிய ஆரம்பிச்சது யாரு?" ask who founded the business, not
 * how a visitor starts working with it.
 */
const BEGINNING = [
  /^(?:start|started|starts|begin|began|begun|establish|established|setup)$/,
  /^(?:පටන්|ආරම්භ)/u,
  /^(?:ஆரம்ப|ஆரம்பி|தொடங்|தொடக்|ஸ்தாபி)/u,
];

/** The words of `text` that ask who began the business (see above): none unless it asks who. */
export function beginningAskedOfWho(text: string): string[] {
  if (questionKind(text) !== "person") return [];
  return words(text).filter((word) => BEGINNING.some((pattern) => pattern.test(word)));
}
