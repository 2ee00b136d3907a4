import { isLatinWord, words } from "./terms.ts";

/**
 * What a question asks of an offer besides naming it (issue 41, sixth round): that it be free of
 * charge, or that something broken be repaired. Either changes what the question asks, though the
 * words that name the thing are the site's: "can you make me a logo for free?" shares "logo" with
 * the brand service and "free" with the free discovery call, and the site says neither that a logo
 * is free nor that it repairs phones ("ෆෝන් එකේ ස්ක්‍රීන් එක කැඩිලා, හදලා දෙනවද?": the screen is
 * broken, will you make it right? — හද is both "make" and "repair"). The search (./site-index.ts)
 * reads them so:
 * - **free**: a passage answers only when it says "free" of charge and holds another word asked ("a
 *   free 30-minute discovery call" answers "is the first consultation free?");
 * - **broken**: a question saying its thing is broken asks for a repair, unanswered when the site
 *   never uses the word (as an English "do you repair …?" whose verb the site never speaks of);
 *   so is one naming a private occasion (a wedding, a birthday): the agency serves businesses.
 *
 * Word classes of the three languages (as typed: loanwords in script, spoken forms), not rows per
 * question. Words as ./terms.ts `words` gives them (no zero-width joiner: ෆ්‍රී is ෆ්රී).
 */

/** Being free of charge: English whole, Sinhala and Tamil with the endings they take. */
const FREE = [/^free$/, /^(?:ෆ්රී|ෆ්‍රී)(?:ද|යි|ම)?$/u, /^නොමිල/u, /^(?:ஃப்ரீ|ப்ரீ)(?:யா|யாக|யாகவே|யாவே)?$/u, /^இலவச/u];

/** Whether `word` says "free of charge". */
export const saysFree = (word: string): boolean => FREE.some((pattern) => pattern.test(word));

/** The stems a passage says "free" by in each language: a question's word of being free finds them all. */
export const FREE_STEMS: readonly string[] = ["free", "නොමිල", "இலவச"];

/** The words of `text` that say "free of charge". */
export const freeWords = (text: string): string[] => words(text).filter(saysFree);

/**
 * A thing broken (or broken into: "my FB account got hacked"), or its repair: English whole; Sinhala
 * and Tamil as the word begins (කැඩිලා, කැඩුණා "broken"; உடைஞ்சிடுச்சு, உடைந்து "broken"; loanwords:
 * ලීක්, ரிப்பேர், හැක්, ஹேக்).
 */
const BROKEN = [
  /^(?:broken|broke|cracked|damaged|faulty|leaking|leaks|leak|repair|repairs|repaired|repairing|hacked|hack)$/,
  /^(?:කැඩ|පළුදු|කාන්දු|ලීක්|රිපෙයාර්|රිපේයාර්|අලුත්වැඩියා|ඩැමේජ්|හැක්)/u,
  /^(?:உடைஞ்|உடைந்|உடைச்|பழுது|ரிப்பேர்|ரிப்பெயார்|லீக்|கசிவு|டேமேஜ்|சேதம|ஹேக்|ஹெக்)/u,
];

/**
 * A private occasion: a wedding, a birthday, a party, a funeral (English whole; Sinhala and Tamil
 * as the word begins, spoken words and loanwords too: වෙඩින්, கல்யாணத்துக்கு, பர்த்டே).
 */
const OCCASION = [
  /^(?:weddings?|birthdays?|party|parties|funerals?|anniversary|anniversaries|graduation)$/,
  /^(?:වෙඩින්|විවාහ|මංගල|මගුල|උපන්දින|බර්ත්ඩේ|පාටි|සාදය|මළගම|අවමංගල|සංවත්සර|ඇනිවර්සරි)/u,
  /^(?:கல்யாண|திருமண|வெட்டிங்|பிறந்தநாள|பர்த்டே|பார்ட்டி|சாமத்திய|மரணவீ|இறுதிச்சடங்|ஆண்டுவிழா)/u,
];

/**
 * The words of `text` that ask of the visitor's private affairs rather than a business's: a thing
 * broken or its repair, a private occasion. The agency serves businesses (a logo, a shop's pages,
 * a product's photo shoot); "my phone screen is cracked", "a photo shoot for my wedding" ask for a
 * repair shop, a wedding photographer: unanswered unless the site speaks of it (./site-index.ts).
 */
export const privateWords = (text: string): string[] =>
  words(text).filter((word) => [...BROKEN, ...OCCASION].some((pattern) => pattern.test(word)));

/** Verbs of doing that make the word before them a doing ("රන් කරනවද", "ரன் பண்ணுவீங்களா", "සෙට් කරලා"). */
const DOING_AFTER = /^(?:කර|කෙරෙ|කළ|பண்ண|பண்ணு|பண்ணி|பண்ற|செய்|செஞ்)/u;

/** One word of a question, and whether punctuation ends it ("ෆෝන්," stands apart from the next word). */
interface Said {
  word: string;
  apart: boolean;
}

function said(text: string): Said[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((token) => {
      const all = words(token);
      const apart = /[^\p{L}\p{M}\p{N}\u200C\u200D]$/u.test(token);
      return all.map((word, i) => ({ word, apart: apart && i === all.length - 1 }));
    });
}

/**
 * The site's words that only say which of a thing the site never names is asked about: said right
 * before a word the site never uses (`unknown`, by a word's term: `term`) that names a thing, its
 * modifiers. "phone cases", "mobile apps", "ෆෝන් කේස්", "ඩිජිටල් මාකටින් ක්ලාස්", "மொபைல் ஆப்"
 * ask about cases, apps, classes; "phone", "mobile", "digital marketing" say which. Such words hold
 * nothing of what is asked (./site-index.ts).
 *
 * A thing, not a doing: the unknown word is not followed by a verb of doing ("රන් කරනවද", to run),
 * and in Sinhala and Tamil it is bare (`bare`: no ending; a verb's or a case's ending says it is
 * no head of a compound: "යොදවන්න", to put; "அமைத்துத்", having set up; "மற்றவர்களுக்கு", to others).
 */
export function modifiersOfUnknown(
  text: string,
  term: (word: string) => string | null,
  unknown: (term: string) => boolean,
  bare: (word: string) => boolean,
): Set<string> {
  const all = said(text);
  const modifiers = new Set<string>();
  all.forEach(({ word, apart }, i) => {
    const own = term(word);
    if (!own || !unknown(own) || !bare(word)) return;
    const next = all[i + 1];
    if (next && !apart && DOING_AFTER.test(next.word)) return;
    for (let j = i - 1; j >= 0 && !all[j]!.apart; j--) {
      const modifier = term(all[j]!.word);
      if (!modifier || unknown(modifier)) break;
      modifiers.add(modifier);
    }
  });
  return modifiers;
}

/** English verbs that link a word said of a thing to it ("looks old", "grow bigger", "is cheap"). */
const LINKING = new Set(
  "is are was were be been being am look looks looked seem seems seemed feel feels felt get gets got grow grows become becomes became stay stays".split(
    " ",
  ),
);

/**
 * A Tamil "is" after a word said of a thing, which takes the adverb's -ஆ ("பழசா இருக்கு", it is
 * old); after a bare noun it says the thing is there ("இன்டர்ன்ஷிப் இருக்கா?", is there an internship?).
 */
const TAMIL_IS = /^இருக்(?:கு|குது|கா|கிறது)$/u;

/** A Sinhala word said of a thing with its "is" glued on ("පරණයි", it is old). */
const SINHALA_IS = /[\u0D80-\u0DFF]යි$/u;

/**
 * The words of `text` the site never uses (`unknown`, by a word's term: `term`) that are said of a
 * thing rather than name one (issue 41, seventh round): after an English linking verb ("my logo
 * looks old", "ready to grow bigger"), before a Tamil "is" with -ஆ ("லோகோ பழசா இருக்கு"), or with a
 * Sinhala "is" glued on ("ලෝගෝ එක පරණයි"). Such a word names nothing the site does not offer: the
 * words before it are no modifiers of an unknown thing, and the question names nothing the site
 * never speaks of (./site-index.ts).
 */
export function saidOfAThing(
  text: string,
  term: (word: string) => string | null,
  unknown: (term: string) => boolean,
): Set<string> {
  const all = said(text);
  const predicates = new Set<string>();
  all.forEach(({ word, apart }, i) => {
    const own = term(word);
    if (!own || !unknown(own)) return;
    const before = all[i - 1];
    const next = all[i + 1];
    if (
      (before && !before.apart && LINKING.has(before.word)) ||
      (next && !apart && word.endsWith("\u0BBE") && TAMIL_IS.test(next.word)) ||
      SINHALA_IS.test(word)
    )
      predicates.add(own);
  });
  return predicates;
}

/** Sinhala's "of", "in" said after a thing's name: "ඔෆිස් එකේ" (the office's, in the office). */
const SINHALA_OF = new Set(["එකේ", "එකෙ"]);
/**
 * Tamil's "in" and "of" glued to a thing's name: "ஒஃபிஸ்ல" (in the office), "ஆபீஸோட" (the
 * office's). Not -இல் (ஈமெயில் ends so).
 */
const TAMIL_OF = /(?:\u0BB2|\u0BCB\u0B9F|\u0BCB\u0B9F\u0BC1)$/u;

/** Sinhala's "the one" after a thing's name, before a word of place: "ඔෆිස් එක ළඟ" (near the office). */
const SINHALA_ONE = new Set(["එක", "එකට"]);
/** Sinhala's "near", said after "ඔෆිස් එක" (the office). */
const SINHALA_NEAR = new Set(["ළඟ", "ළඟින්", "ළඟම", "ළඟපාත", "අසල", "අසලම", "කිට්ටුව", "කිට්ටුවම", "පැත්තේ"]);
/** Tamil's "near", said after a thing's name: "ஆபிஸ் பக்கத்தில" (near the office). */
const TAMIL_NEAR = /^(?:பக்கத்தில்?|பக்கத்துல|பக்கத்திலை|கிட்ட|அருகில்|அருகே|அருகிலுள்ள|அருகாமையில்)$/u;

/** English words of place before a fact's name: "parking at ur office", "a gym near the office". */
const ENGLISH_AT = new Set(["at", "in", "inside", "near", "by", "beside", "around", "outside"]);
/** …and the words that may come between the two ("at ur office", "near the office"). */
const ENGLISH_THE = new Set(["the", "ur", "your", "our", "this", "that", "a", "an"]);

/**
 * Whether every word of `text` that `names` (a fact's name) is said as the place or the owner of a
 * thing the site never names (`unknown`, by a word's term: `term`), in the same phrase (issue 41,
 * ninth round): "ඔෆිස් එකේ ජොබ් වේකන්සි" (vacancies at the office), "ஒஃபிஸ்ல meeting hall" (a hall
 * in the office) ask about the vacancies, the hall; the office only says where. Sinhala says it
 * with එකේ after the name, Tamil with an ending (TAMIL_OF), English with a word of place before it
 * (ENGLISH_AT: "car parking at ur office"). "ඔෆිස් එකේ ඇඩ්‍රස් එක" (the office's
 * address) names the fact again; "ஈமெயில் ஐடி" (an email ID) is the email.
 */
export function namedAsPlaceOfUnknown(
  text: string,
  names: (word: string) => boolean,
  term: (word: string) => string | null,
  unknown: (term: string) => boolean,
): boolean {
  const neverSaid = saidNever(term, unknown);
  // The thing at `j`: a word the site never uses, or an English compound typed in Latin letters
  // whose last word it never uses ("meeting room", "car park": the room, not the meeting).
  const thingAt = (all: Said[], j: number) => {
    const first = all[j];
    if (neverSaid(first)) return true;
    const second = all[j + 1];
    return (
      first !== undefined &&
      !first.apart &&
      isLatinWord(first.word) &&
      isLatinWord(second?.word ?? "") &&
      neverSaid(second)
    );
  };
  // …or one of the next two words after "near" ("ATM", "තියෙන ATM").
  const thingNear = (all: Said[], j: number) => thingAt(all, j) || (!all[j]?.apart && thingAt(all, j + 1));
  // English says the place after the thing, with a word of place between: "car parking at ur office".
  const placeOf = (all: Said[], i: number) => {
    let j = i - 1;
    while (j > 0 && !all[j]!.apart && ENGLISH_THE.has(all[j]!.word)) j--;
    const at = all[j];
    return (
      j > 0 && at !== undefined && !at.apart && ENGLISH_AT.has(at.word) && !all[j - 1]!.apart && neverSaid(all[j - 1])
    );
  };
  return everyNaming(text, names, (all, i) => {
    const { word, apart } = all[i]!;
    if (isLatinWord(word) && placeOf(all, i)) return true;
    if (apart) return false;
    const next = all[i + 1];
    if (TAMIL_OF.test(word)) return thingAt(all, i + 1);
    if (next !== undefined && !next.apart && TAMIL_NEAR.test(next.word)) return thingNear(all, i + 2);
    if (next === undefined || next.apart) return false;
    if (SINHALA_OF.has(next.word)) return thingAt(all, i + 2);
    const near = all[i + 2];
    return SINHALA_ONE.has(next.word) && near !== undefined && !near.apart && SINHALA_NEAR.has(near.word)
      ? thingNear(all, i + 3)
      : false;
  });
}

/**
 * Whether every word of `text` that `names` (a fact's name) comes right after a word the site never
 * uses (`unknown`, by a word's term: `term`) in the same phrase (issue 41, seventh round): "කම්පැනි
 * රෙජිස්ට්‍රේෂන් නම්බර් එක", "ரெஜிஸ்ட்ரேஷன் நம்பர்" name another thing of that name than the phone's.
 * Not across punctuation ("…හිතුවා, ඇඩ්‍රස් එක එවන්නකෝ" asks for the address).
 */
export function namedAfterUnknown(
  text: string,
  names: (word: string) => boolean,
  term: (word: string) => string | null,
  unknown: (term: string) => boolean,
): boolean {
  const neverSaid = saidNever(term, unknown);
  return everyNaming(text, names, (all, i) => {
    const before = all[i - 1];
    return before !== undefined && !before.apart && neverSaid(before);
  });
}

/** Whether `text` has a word `names` (a fact's name) and `test` holds of each (`all`: the words as said, `i`: its place). */
function everyNaming(
  text: string,
  names: (word: string) => boolean,
  test: (all: Said[], i: number) => boolean,
): boolean {
  const all = said(text);
  const naming = all.flatMap(({ word }, i) => (names(word) ? [i] : []));
  return naming.length > 0 && naming.every((i) => test(all, i));
}

/** Whether a word said is one the site never uses (`unknown`, by its term: `term`); false for none. */
const saidNever =
  (term: (word: string) => string | null, unknown: (term: string) => boolean) =>
  (word: Said | undefined): boolean => {
    const own = word ? term(word.word) : null;
    return own !== null && unknown(own);
  };
