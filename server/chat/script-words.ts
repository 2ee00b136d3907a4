import type { TranslatedLocale } from "#content/locales.ts";
import { formalForm } from "./spoken.ts";

/**
 * How the chat's search (./terms.ts) reads words of the site's other
 * languages, one entry per script: Sinhala and Tamil glue case endings,
 * plurals and particles onto a word ("කාර්යාලයේ", "of the office";
 * "அலுவலகத்தில்", "in the office"), so a visitor's word rarely has the very
 * form the page uses. Each word is cut back to a stem by taking off such
 * endings (the longest that fits, at most twice), then a last vowel sign or
 * virama, keeping at least two letters: "කාර්යාලය", "කාර්යාලයේ" and
 * "කාර්යාලයක්" all become "කාර්යාල". A light stemmer, not a grammar: it
 * only has to cut a visitor's word and the page's word the same way.
 *
 * The words here are as ./terms.ts `words` gives them: NFC, without the
 * zero-width joiner and non-joiner.
 */
export interface ScriptWords {
  locale: TranslatedLocale;
  /** A letter of the script (its Unicode block). */
  letter: RegExp;
  /** The letters that count for a stem's length: consonants and independent vowels (not signs or the virama). */
  base: RegExp;
  /** Endings taken off (case endings, plurals, particles, common verb endings). */
  endings: readonly string[];
  /**
   * Endings whose first letter only joins a vowel to the ending (Tamil's
   * glides: "முகவரியை", "லோகோவுக்கு"): taken off only after a vowel sign, since
   * after a consonant that letter is the word's own ("ஆய்வும்" is "ஆய்வு" + "உம்").
   */
  afterVowel: readonly string[];
  /** A vowel sign at the end of what is left. */
  vowelSign: RegExp;
  /** A vowel sign or the virama, taken off the end once the endings are gone. */
  lastSign: RegExp;
  /**
   * Whether a stem of two letters keeps its vowel (Tamil): its words of two letters differ by
   * their vowel alone (காலி "Galle", காலை "morning", கால் "leg", said for "call" too), and its
   * endings do not change a root's vowel, so the vowel is the word's own.
   */
  keepsShortVowel: boolean;
  /** Words that only carry the question ("you", "what", "can you"): their stems are no search terms. */
  stopWords: readonly string[];
  /**
   * Words whose stem is a stop word's, though they are words of their own (a loanword cut to a
   * light verb's stem: போட்டோ, "photo", and போட்டு, "put", are both போட): each is the term of
   * its forms (itself with an ending).
   */
  ownWords: readonly string[];
  /**
   * Each letter's sound for the loanword bridge (./loanwords.ts), romanised
   * as ISO 15919 would and already folded to its class: "V" a vowel or vowel
   * sign, "-" the virama, "" a letter that says nothing a key keeps.
   */
  sounds: Readonly<Record<string, string>>;
}

/** A table of sounds from "letters sound" pairs; each letter of a group of several says the same. */
const sounds = (pairs: string): Record<string, string> =>
  Object.fromEntries(
    split(pairs).flatMap((pair) => {
      const [letters, sound] = pair.split("=") as [string, string];
      return [...letters].map((letter) => [letter, sound]);
    }),
  );

const split = (list: string) => list.trim().split(/\s+/);

export const SCRIPT_WORDS: readonly ScriptWords[] = [
  {
    locale: "si",
    letter: /[\u0D80-\u0DFF]/u,
    base: /[\u0D85-\u0D96\u0D9A-\u0DC6]/gu,
    endings: split(`
      වලින් වලට වලදී වලත් වල යන්ගෙන් යන්ගේ යන්ට යන් වරුන්ට වරුන් වරු වන්ගෙන් වන්ගේ වන්ට වන්
      යකින් යකට යකුත් යක් යෙකුට යෙකු යෙක් යෙන් යට යේ යයි යි ය කින් කට ක් ගෙන් ගේ ගෙ
      වක් වට වේ ව ෙනුත් ිනුත් ින් ෙන් ට ේ දී හි ත් දැයි ද
      නවාද නවද නවා නව න්නේ න්නෙ න්නද න්න ලා මු ස්ලා
    `),
    afterVowel: [],
    // Sinhala roots change their vowel as they inflect (සේවය, සේවා, සේවාවන්): a short stem loses it.
    keepsShortVowel: false,
    vowelSign: /[\u0DCF-\u0DDF\u0DF2\u0DF3]$/u,
    lastSign: /[\u0DCA\u0DCF-\u0DDF\u0DF2\u0DF3]$/u,
    // Spoken Sinhala's small words are in the last lines (මං "I", ඉතින් "so", නේද "isn't it", එහෙම "like that").
    stopWords: split(`
      ඔබ ඔබේ ඔබගේ ඔබට ඔබව ඔබලා ඔබලාගේ ඔයා ඔයාගේ ඔයාට ඔයාව ඔයාලා ඔයාල ඔයාලගේ ඔයාලාගේ ඔයාලට ඔයාලාට
      මම මගේ මට මාව අපි අපේ අපගේ අප අපට අපිට අපව මේ මෙම මෙය මේක ඒ එම එය ඒක ඔය අර
      සහ හා හෝ නැත්නම් නැතිනම් නමුත් ඒත් නම් කරුණාකර
      මොනවාද මොනවද මොනවා මොකක්ද මොකද මොන කොහොමද කොහොම කොයි කවුද කාටද ඇයි කීයද කීය කොච්චරද කොච්චර
      කවදාද කවදා කවද්ද කවදද කොහෙද කොහේද කොතනද කොතැනද ඊයෙ ඊයේ
      ගැන ගැනද පිළිබඳ පිළිබඳව සම්බන්ධයෙන්
      කරනවද කරනවාද කරනවා කරන්නේ කරන්න කරන කරලා කරයිද කරයි කළ දෙනවද දෙනවාද දෙන්නේ දෙන දෙන්න
      තියෙනවද තියෙනවාද තියෙනවා තියෙන තිබේද තිබෙනවාද තිබෙනවා ඇත ඇද්ද ඇති ඇතිද
      පුළුවන්ද පුළුවන් පුලුවන්ද පුලුවන් හැකිද හැකි හැකියි ඕනේ ඕන ඕනෙ ඕනෙද අවශ්‍යයි
      කියන්න කියලා කියනවා කියන හදන හදන්න හදලා දැනගන්න දන්නවද හලෝ හායි ආයුබෝවන් ස්තූතියි ස්තුතියි
      එක එකක් දේ දේවල් වගේ වැනි එක්ක එක්කද සමඟ සමග
      ගන්න ගත්තේ දාන්න දාලා දැම්මොත් යනවද යන්න යන්නේ ආවොත් වෙනවද අහන්නේ එන්න එන්නද
      විතර විතරයි විතරද අරගෙන අරන් ඉඳන් ඉඳලා හරියට හරිද අලුත් අලුතෙන් මොන මොනවගේ ඕනෑම
      විදියට විදිහට විදියේ විදිහේ වලට වලින් වලදී
      දළ වශයෙන් ආසන්න ආසන්නව ආසන්නයෙන් ආසන්න වශයෙන්
      මං මගෙ මටත් මාත් අපිත් එයා එයාලා එයාලගෙ ඉතින් ඉතිං නේද නේ තමයි තමා දැන් හරි ටිකක් පොඩ්ඩක්
      විතරක් නැද්ද නෑ නැහැ එහෙම මෙහෙම එහෙමද මොකක්හරි මොනවහරි මොනවාහරි කොහොමහරි ඇත්තටම
    `),
    ownWords: [],
    sounds: sounds(`
      කඛගඝ=k ඞඟඤඥණන=n චඡජඣඦශෂස=s ටඨඩඪතථදධ=t ඬඳ=nt පඵබභෆ=p ම=m ඹ=mp ය=y ර=r ලළ=l ව=w හ=h
      අආඇඈඉඊඋඌඍඎඏඐඑඒඓඔඕඖාැෑිීුූෘෙේෛොෝෞෟෲෳ=V ්=- ංඃ=
    `),
  },
  {
    locale: "ta",
    letter: /[\u0B80-\u0BFF]/u,
    base: /[\u0B85-\u0B94\u0B95-\u0BB9]/gu,
    endings: split(`
      களிலிருந்து களுக்கு களுடன் களிலும் களையும் களின் களில் களும் களைப் களைக் களைச் களைத் களை களா களே கள்
      ங்களுக்கு ங்களின் ங்களில் ங்களும் ங்களை ங்களா ங்கள்
      த்திற்கு த்துக்கு த்துடன் த்திலும் த்தையும் த்தின் த்தில் த்தால் த்தைப் த்தை
      கிறீர்களா கிறீர்கள் கிறார்களா கிறார்கள் கின்றோம் கின்றன கிறோம் கிறது வீர்களா வீர்கள் லாமா லாம்
      ிலிருந்து ிடமிருந்து ிலுள்ள ிலும் ுக்கான ிக்கான ைக்கான ுக்கும் ிக்கும் ைக்கும் ுக்கு ிக்கு ைக்கு
      ுடனான ுடன் ோடு ிடம் ுள்ள ற்கு ாகவே ாகவும் ாக ால் ான ின ின் ில் ும் ம் ம ை ா ே ோ க் ங் ச் த் ப்
      ்க்கு
    `),
    afterVowel: split(`
      யிற்கு விற்கு வுக்கு வுடன் யாகவே வாகவே யாக வாக யை யின் யில் யும் யா வை வின் வில் வும்
    `),
    keepsShortVowel: true,
    vowelSign: /[\u0BBE-\u0BCC]$/u,
    lastSign: /[\u0BBE-\u0BCD\u0BD7]$/u,
    // Sri Lankan Tamil as spoken is in the last lines (உங்கட "your", எங்கட "our", ஏலுமா "can you?",
    // இருக்கா "is there?", எண்டு "that"), and the endings typed as words of their own after an English
    // word ("logo வும்", "data analytics க்கு").
    stopWords: split(`
      நீங்கள் நீங்க உங்கள் உங்களுடைய உங்களது உங்களை உங்களுக்கு உங்களிடம் உங்களால் உங்க
      நான் என் எனது எனக்கு என்னை நாம் நாங்கள் எமது எம்மை எங்கள் எங்களுக்கு
      இது இந்த இதை அது அந்த அதை இவை அவை மற்றும் அல்லது ஆனால் ஒரு ஓர்
      என்ன என்னென்ன எப்படி எவ்வாறு எங்கே எங்கு எப்போது எப்போ ஏன் யார் எது எவை எந்த எத்தனை எவ்வளவு
      பற்றி பற்றிய குறித்து தொடர்பாக தயவுசெய்து வணக்கம் நன்றி ஹலோ
      செய்கிறீர்களா செய்வீர்களா செய்கிறீர்கள் செய்ய செய்து செய்யும் தருவீர்களா தர தாருங்கள்
      உள்ளதா உள்ளது உண்டா இருக்கிறதா இருக்கிறது இருக்கும் முடியுமா முடியும்
      சொல்லுங்கள் சொல்லுங்க தெரியுமா வேண்டும் வேண்டுமா என்று மாதிரியான மாதிரி வரை வந்தால் வர வந்து
      செய்கிறார்கள் செய்வார்கள் பண்ணித் பண்ணி பண்ண போட்டுத் போட்டு போட எடுத்துத் எடுத்து தருவீர்கள்
      பண்றது கொடுங்கள் கொடுப்பீர்களா கொடுப்பீங்களா மட்டும் மட்டும்தான் ஒன்று புது புதிய வைத்து வச்சு என்னோட என்னுடைய உங்களோட ஏதாவது
      பார்த்து பார்க்க ஒண்ணு சொல்றது சொல்றாங்க சொல்ல சொல்லலாமா சொல்லலாம்
      உங்கட எங்கட என்ட உன்ட நாங்க நம்ம எங்க ஏலுமா ஏலும் வேணும் வேணுமா யாரோட யாரு யாரிட்ட குடுக்க தாங்க
      ஆர் ஆரு ஆரோட ஆரிட்ட எத்தின எத்தினை நேற்று வேற வேறு வேறொரு
      உம் வும் யும் க்கு க்கும் க்குள்ள க்குள் ஐ யை இல் இல ட்ட ஓட ஆல் ஆ ல ட
      கிட்டத்தட்ட ஏறக்குறைய சுமார் சும்மா
      எனக்கொரு இருக்கா இருக்கு இருக்குமா கொஞ்சம் சரி தான் அப்ப அப்போ இப்ப இப்போ எண்டு என்டு எண்டா
      ஏதும் ஏதாச்சும் எல்லாம் உங்களிட்ட எங்களிட்ட அவங்க இவங்க
    `),
    // போட்டோ "photo" (போட்டோவை, போட்டோஸ்), not போட்டு "put".
    ownWords: split("போட்டோ"),
    sounds: sounds(`
      க=k ஙஞணநன=n சஜஷஸஶ=s டத=t ப=p ம=m ய=y ரற=r லழள=l வ=w ஹ=h
      அஆஇஈஉஊஎஏஐஒஓஔாிீுூெேைொோௌௗ=V ்=- ஃ=
    `),
  },
];

/** The entry of the script `word` is written in, if it is one of them. */
export function scriptOf(word: string): ScriptWords | undefined {
  return SCRIPT_WORDS.find((script) => script.letter.test(word));
}

const MIN_LETTERS = 2;
/** The least graphemes (a letter with its signs) a rest ending in a virama keeps (`shortDeadEnd`). */
const MIN_DEAD_END = 3;
const ROUNDS = 2;

/** A Tamil ending that is a vowel sign alone (ை, ா, ே, ோ). */
const LONE_VOWEL = /^[\u0BBE-\u0BCC]$/u;
/** A Tamil ending whose first vowel (ி, ை) is the root's, before a doubled க் (the dative -க்கு, -க்கான, -க்கும்). */
const ROOT_VOWEL = /^([\u0BBF\u0BC8])க்க/u;
/** A Tamil stem ending in ி or ை. */
const ROOT_VOWEL_END = /[\u0BBF\u0BC8]$/u;

const letters = (script: ScriptWords, text: string) => text.match(script.base)?.length ?? 0;

/** Each script's endings, longest first (the longest that fits is taken off), each saying whether it follows a vowel only. */
const endingsByLength = new Map(
  SCRIPT_WORDS.map((script) => [
    script,
    [
      ...script.endings.map((ending) => ({ ending, afterVowel: false })),
      ...script.afterVowel.map((ending) => ({ ending, afterVowel: true })),
    ].sort((a, b) => b.ending.length - a.ending.length),
  ]),
);

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** A virama at the end (a consonant with no vowel): a last sign that is no vowel sign. */
const endsDead = (script: ScriptWords, text: string) => script.lastSign.test(text) && !script.vowelSign.test(text);

/**
 * Whether `rest`, left by taking an ending off, is too short a word ending in
 * a bare consonant to be one: an ending beginning with a consonant after a
 * virama is mostly a cluster inside the word (කාර්යය "task" is no කාර් "car"
 * with ය after it), so it is taken off only a rest of MIN_DEAD_END letters
 * or more (ඔෆිස්ට is ඔෆිස් "office" with ට "to").
 */
const shortDeadEnd = (script: ScriptWords, rest: string) =>
  endsDead(script, rest) && [...graphemes.segment(rest)].length < MIN_DEAD_END;

/** `word` cut back to its stem by `script`'s endings (see above), read as written, not spoken. */
export function scriptStem(script: ScriptWords, word: string): string {
  // A spoken form is stemmed as its written twin (./spoken.ts).
  let stem = formalForm(script.locale, word);
  for (let round = 0; round < ROUNDS; round++) {
    const found = endingsByLength.get(script)!.find(({ ending, afterVowel }) => {
      if (!stem.endsWith(ending)) return false;
      const rest = stem.slice(0, -ending.length);
      return (
        letters(script, rest) >= MIN_LETTERS &&
        (!afterVowel || script.vowelSign.test(rest)) &&
        !shortDeadEnd(script, rest)
      );
    });
    if (!found) break;
    const rest = stem.slice(0, -found.ending.length);
    // A two-letter root ending in a vowel keeps it before a doubled consonant's ending (காலிக்கு
    // is காலி, வேலைக்கு வேலை; a root ending in a consonant takes -உக்கு: நாளுக்கு), and a lone
    // vowel is no ending on it (காலை is காலை, not கால).
    if (script.keepsShortVowel && letters(script, rest) === MIN_LETTERS) {
      if (LONE_VOWEL.test(found.ending)) break;
      const vowel = ROOT_VOWEL.exec(found.ending);
      if (vowel) {
        stem = rest + vowel[1];
        break;
      }
    }
    stem = rest;
  }
  // A two-letter Tamil stem keeps a last ி or ை (காலி, காலை), as before -க்கு above; a -u, said
  // to ease a word's end (மூடு, மூடும்), goes, and a virama goes in any script.
  if (script.keepsShortVowel && letters(script, stem) <= MIN_LETTERS && ROOT_VOWEL_END.test(stem)) return stem;
  // A consonant doubled before an ending is one at the word's end (பட்ஜெட்டை is பட்ஜெட் + ஐ).
  const bare = stem.replace(script.lastSign, "").replace(/(\p{L})\u0BCD\1$/u, "$1");
  return letters(script, bare) >= MIN_LETTERS ? bare : stem;
}
