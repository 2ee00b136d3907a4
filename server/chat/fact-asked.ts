import type { Locale } from "#content/locales.ts";
import { FACT_NAMES, type FactKey } from "./facts.ts";
import { questionKind } from "./question-kind.ts";
import { sureKey } from "./loanwords.ts";
import { gluesEndings, indexTerm, sentencesOf, wordGrams, words } from "./terms.ts";

/**
 * A question asking for one of the site's contact facts by its name (issue 41 item 2): "what's
 * your phone number?", "ඇඩ්‍රස් එක එවන්නකෝ" ("send the address"), "ஹெல்ப்லைன் நம்பர் இருக்கா?"
 * ("is there a helpline number?"). Visitors wrap the name in words the site never uses (a
 * helpline, a meeting, "send"), which the search counts as the rarest of all (./word-index.ts
 * coverage): the fact named is still what is asked, so its passage answers whatever else is said.
 *
 * Not when the question asks whether the business does something to the thing named: "do you
 * repair mobile phones?", "ෆෝන් රිපෙයාර් කරනවද?", "போன் ரிப்பேர் பண்ணுவீங்களா?" name the phone,
 * but ask for a service the site may not offer, and the search's coverage decides as for any
 * question. A question asks for an action when it has
 * - in English, "do", "can", "will" (…) with "you" and then a verb that is no verb of giving
 *   ("have", "give", "send", "share", "tell"), or
 * - in Sinhala or Tamil, a verb of doing ("කර…", "හද…", "செய்…", "பண்ண…") or a yes-or-no verb
 *   of the second person ("-නවද", "-வீங்களா", "-கிறீர்களா"), unless it is a verb of giving or
 *   having, or is said of the fact's own name ("ඊමේල් කරන්න", "call பண்ணலாமா": to email, to call).
 *
 * Rules of the languages' question forms, not rows per question; only the facts a name points at
 * without doubt (address, phone, email, website): "time", "price" or "help" are said of too much.
 */
export const NAMED_FACTS: readonly FactKey[] = ["address", "phone", "email", "website"];

const list = (text: string) => text.trim().split(/\s+/);

/** The facts whose names are made verbs with "do" (to call, to email: "කෝල් කරන්න", "மெயில் பண்ண"). */
const VERBS_OF_REACHING: readonly FactKey[] = ["phone", "email"];

/** English auxiliaries that, with "you", ask whether the business does something. */
const AUXILIARIES = new Set(list("do does did can could will would"));
/** "You" as visitors type it on a phone ("can u fix it?"). */
const YOU = new Set(list("you u ya yu"));
/** English verbs of giving or having: "do you have an email?", "can you send me your address?" asks for the fact. */
const GIVING_EN = new Set(list("have has give send share tell provide email mail call phone text whatsapp"));

/** Sinhala and Tamil verbs of doing (as a word begins). */
const DOING = list("කර කෙරෙ හද හැද செய் செஞ் பண்");
/** Second-person yes-or-no verb endings, spoken and written. */
const YES_NO = /(?:නවද|නවාද|න්නේද|න්නෙද|වීர்களா|வீங்களா|றீங்களா|கிறீர்களா|ுவீங்களா|வீர்கள்|றீங்க)$/u;
/** Verbs of giving, sending, telling or having (as a word begins): asking for them asks for the fact. */
const GIVING = list(`
  දෙ දීල එව කිය තියෙ තිබ ලැබ හම්බ ගන්න ගත
  தா தரு தர கொடு குடு அனுப் சொல் இருக் கிடை உண்டா உள்ள
`);

/** Sinhala words of talking, made a verb with කරන්න: a way of reaching us, as a call is. */
const TALKING = list("කතා කථා");

const begins = (word: string, starts: readonly string[]) => starts.some((start) => word.startsWith(start));

/** Each named fact's names in a language (and in English, as visitors type them too) as stems, with their parts. */
const factStems = new Map<string, { stem: string; grams: string[]; key: string | undefined }[]>();

function namesOf(locale: Locale, fact: FactKey) {
  const key = `${locale}:${fact}`;
  let stems = factStems.get(key);
  if (!stems) {
    // Of a name of several words, its last content word, the head ("phone number", "විද්‍යුත්
    // තැපෑල", "electronic mail"): a modifier alone names nothing (විද්‍යුත් is cut as විද්‍යාව,
    // "science", is).
    const heads = (names: string) =>
      names.split(",").flatMap((name) =>
        words(name)
          .flatMap((word) => indexTerm(word) ?? [])
          .slice(-1),
      );
    const all = [...heads(FACT_NAMES[locale][fact]), ...heads(FACT_NAMES.en[fact])];
    stems = [...new Set(all)].map((stem) => ({
      stem,
      grams: wordGrams(stem),
      key: sureKey(stem),
    }));
    factStems.set(key, stems);
  }
  return stems;
}

/**
 * Whether `word` is a name of `fact` (by default, of any named fact) in `locale` or in English:
 * the same stem, or in Sinhala and Tamil one beginning with a name of three letters or more (an
 * ending the stemmer left on): "science" (විද්‍යාව) is not "electronic" (විද්‍යුත්) for sharing a start.
 */
export function namesAFact(word: string, locale: Locale, fact?: FactKey): boolean {
  const term = indexTerm(word);
  if (!term) return false;
  const glued = gluesEndings(term);
  // A loanword names it as its English name does, by its sound (වට්සැප්, "WhatsApp").
  const key = glued ? (sureKey(word) ?? sureKey(term)) : undefined;
  return (fact ? [fact] : NAMED_FACTS).some((one) =>
    namesOf(locale, one).some(
      (name) =>
        name.stem === term ||
        (glued && name.grams.length >= MIN_NAME_GRAMS && term.startsWith(name.stem)) ||
        (key !== undefined && name.key === key),
    ),
  );
}

/** A name's grams (./terms.ts `wordGrams`) for a longer word beginning with it to count: three letters or more. */
const MIN_NAME_GRAMS = 3;

/**
 * The English verb of a question asking whether the business does something ("repair" in "do you
 * repair mobile phones?", "fix" in "can you fix my laptop?"), if it is one: the word after "you"
 * that is no verb of giving. Such a question is about that doing: when the site never says it,
 * it has no answer (./site-index.ts), whatever else it shares with the question.
 */
export function actionVerb(text: string): string | undefined {
  const all = words(text);
  for (const [i, word] of all.entries()) {
    if (!AUXILIARIES.has(word) || !YOU.has(all[i + 1] ?? "")) continue;
    const verb = all.slice(i + 2).find((next) => !FILLERS.has(next));
    if (verb && !GIVING_EN.has(verb) && indexTerm(verb) !== null) return verb;
  }
  return undefined;
}

/** Words between "you" and its verb: "do you guys also …". */
const FILLERS = new Set(list("guys also ever still even actually really"));

/** Whether `text` asks whether the business does something (see above), rather than for a fact. */
export function asksForAction(text: string, locale: Locale): boolean {
  const all = words(text);
  return all.some((word, i) => {
    if (AUXILIARIES.has(word)) {
      const you = all.findIndex((next, j) => j > i && YOU.has(next));
      if (you < 0 || you > i + 2) return false;
      const verb = all.slice(you + 1).find((next) => !FILLERS.has(next));
      return verb !== undefined && !GIVING_EN.has(verb) && !namesAFact(verb, locale);
    }
    if (!gluesEndings(word)) return false;
    const doing =
      begins(word, DOING) ||
      (YES_NO.test(word) && !begins(word, GIVING)) ||
      doneForYou(word, all[i - 1], all[i - 2], locale);
    if (!doing) return false;
    // "ඊමේල් කරන්න", "கால் பண்ணலாமா": to email, to call, a way of reaching us made a verb (not
    // "வெப்சைட் செய்து", to make a website); "කතා කරන්න", to talk, is one too.
    const before = all[i - 1];
    return !(before && (begins(before, TALKING) || VERBS_OF_REACHING.some((fact) => namesAFact(before, locale, fact))));
  });
}

/** A Tamil verb's participle before another verb ("மாத்தித்", "பார்த்து" is not one: -ி, -ித், -ிச், -ிக், -ிப்). */
const CONVERB = /\u0BBF(?:[\u0BA4\u0B9A\u0B95\u0BAA]\u0BCD)?$/u;

/**
 * Whether `word`, a Tamil verb of giving, gives the doing before it ("மாத்தித் தருவீங்களா?",
 * "change it for me?"): the question asks for that doing, not for a thing given. Not when the
 * doing is itself one of giving or reaching ("அனுப்பித் தருவீங்களா", "send it for me").
 */
function doneForYou(word: string, before: string | undefined, beforeThat: string | undefined, locale: Locale): boolean {
  if (!before || !begins(word, GIVING) || !CONVERB.test(before)) return false;
  // "ஈமெயில் ஐடி தாங்கோ" (give the email ID): a loanword after a fact's name is no verb.
  if (beforeThat && namesAFact(beforeThat, locale)) return false;
  return !begins(before, GIVING) && !namesAFact(before, locale);
}

/**
 * The named facts `text` names: `asked` when it asks for them, `action` when it asks for an
 * action on the thing they are named by (in one sentence, one or the other is empty).
 */
export function namedFactsAsked(text: string, locale: Locale): { asked: Set<FactKey>; action: Set<FactKey> } {
  // Each sentence on its own: "உங்க நம்பர் என்ன? கோல் பண்ணி கதைக்கலாமா" asks the number, then
  // whether a call is welcome; the call is no doing asked of the number. A fact one sentence asks
  // for is asked, whatever another does with it.
  const sentences = sentencesOf(text);
  if (sentences.length > 1) {
    const each = sentences.map((sentence) => namedFactsAsked(sentence, locale));
    const asked = new Set(each.flatMap((one) => [...one.asked]));
    return { asked, action: new Set(each.flatMap((one) => [...one.action]).filter((fact) => !asked.has(fact))) };
  }
  const all = words(text);
  const named = new Set(NAMED_FACTS.filter((fact) => all.some((word) => namesAFact(word, locale, fact))));
  if (named.size === 0) return { asked: new Set(), action: new Set() };
  // "What time does the office close?", "how much is a call?": a time or an amount is asked, the
  // fact named is only what it is asked of (the hours, the prices say it).
  // Its own passage does not say it either (the website's address has no price): the thing named
  // is what is asked about, not what is asked for ("වෙබ් සයිට් එකක් හදන්න කීයක් යනවද?").
  const kind = questionKind(text);
  if (kind === "time" || kind === "amount") return { asked: new Set(), action: named };
  return asksForAction(text, locale) || wantsOneMade(all)
    ? { asked: new Set(), action: named }
    : { asked: named, action: new Set() };
}

/** Words of wanting or needing (as a word begins, in Sinhala and Tamil). */
const WANTING = list("need needs want wants ඕන අවශ්‍ය වුවමනා වුවමනාය வேணும் வேண்டும் தேவை");
/** An indefinite "a", "one" beside a thing ("a website", "වෙබ් සයිට් එකක්", "வெப்சைட் ஒன்று"). */
const INDEFINITE = list("a an එකක් එකක්ද ඒකක් ஒன்று ஒண்ணு ஒரு");
/** "New" beside a thing: one of ours is not new to the visitor. */
const NEW = list("new අලුත් புது புதிய");

/**
 * Whether the words want a thing made rather than ours given: "I need a website", "අලුත් වෙබ්
 * සයිට් එකක් ඕනේ", "வெப்சைட் ஒன்று வேணும்" (a wish with "a" or "one"), or "a new website". "Do
 * you have a website?" and "I need your number" ask for ours.
 */
export function wantsOneMade(all: readonly string[]): boolean {
  const has = (starts: readonly string[]) =>
    all.some((word) => starts.some((start) => (gluesEndings(start) ? word.startsWith(start) : word === start)));
  return has(NEW) || (has(WANTING) && has(INDEFINITE));
}

/**
 * Words of the time of day ("what time", "at what hour", "in the morning"), as a word begins: with
 * a question asking a time or an amount ("කීයටද", "at how much", is "at what time" beside one of
 * these), they ask when the office is open.
 */
const CLOCK = list(`
  time hour hours oclock morning evening
  වෙලා වේලා පැය උදේ උදෙ හවස රෑ ටයිම්
  மணி நேர காலை மாலை சாயங்கால இரவு டைம்
`);

/**
 * Whether `text` asks a time of day ("what time do you open?", "උදේ කීයටද ඇරෙන්නේ?", "எத்தனை
 * மணிக்கு மூடுவீர்கள்?"): the opening hours are its answer whatever else it says. Not "how long"
 * or "how many weeks" (no time of day), nor a question with no question word. The search
 * (./site-index.ts) takes it so only when it knows every other word asked: "what time does the
 * cricket match start?" asks the time of something the site never speaks of.
 */
/** Whether a stem (./terms.ts `indexTerm`) is a word of the time of day. */
export function isClockTerm(stem: string): boolean {
  return CLOCK_STEMS.some(([clock, glued]) => stem === clock || (glued && stem.startsWith(clock)));
}

/** The words of the time of day as stems, each saying whether it takes endings (then any stem beginning so is one). */
const CLOCK_STEMS = CLOCK.map((word) => [indexTerm(word) ?? word, gluesEndings(word)] as const);

export function asksClockTime(text: string): boolean {
  const kind = questionKind(text);
  if (kind !== "time" && kind !== "amount") return false;
  const all = words(text);
  return all.some((word) => CLOCK.some((start) => (/^[a-z]+$/.test(start) ? word === start : word.startsWith(start))));
}

/** Words asking how many ("how many people", "எத்தனை பேர்", "කී දෙනෙක්"): a count, which no price says. */
const COUNTING = list("many எத்தனை දෙනා දෙනෙක් දෙනෙකු");
/** Words asking how often ("how often", "ஒருமுறை", "කී සැරයක්"): a frequency, which a service's features may say ("monthly reports"). */
const FREQUENCY = list("often ஒருமுறை தடவை முறை සැරයක් වතාවක් පාරක්");

const hasAny = (text: string, starts: readonly string[]) =>
  words(text).some((word) => starts.some((start) => (gluesEndings(start) ? word.startsWith(start) : word === start)));

/** Whether `text` asks how many (see COUNTING). */
export const asksCount = (text: string): boolean => hasAny(text, COUNTING);

/** Whether `text` asks how often (see FREQUENCY). */
export const asksFrequency = (text: string): boolean => hasAny(text, FREQUENCY);

/**
 * Words of a span up to now ("how long have you been working with…", "කොච්චර කල් ඉඳන්ද…",
 * "எப்ப இருந்து…"): how long a thing has lasted, which a partner's description may say ("since
 * our first year"), not what a job takes.
 */
const SINCE = list("been since ඉඳන් ඉඳලා සිට இருந்து இருந்தே");

/** Whether `text` asks since when (see SINCE). */
export const asksSince = (text: string): boolean => hasAny(text, SINCE);
