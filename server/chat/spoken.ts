import type { TranslatedLocale } from "#content/locales.ts";

/**
 * Spoken Sinhala and Tamil in written form (issue 41): visitors type as they
 * speak ("செய்றீங்களா?", "ஆபிஸ் எங்க இருக்கு?", "දෙන්නකෝ", "පිහිටලා"),
 * the site writes the formal forms ("செய்கிறீர்களா", "இருக்கிறது", "දෙන්න",
 * "පිහිටා"). Each rule rewrites a spoken ending, as the grammar forms it,
 * into its written twin, before the stemmer (./script-words.ts) takes
 * endings off: so a spoken verb reaches the same stem as its formal form
 * (and is a stop word when that form is one: "செய்வீங்களா" is
 * "செய்வீர்களா", "do you do?"), and a spoken noun form its page word
 * ("மொபைல்ல" is "மொபைல்", "on the mobile").
 *
 * Rules of the languages, not rows for questions: each is an ending (or a
 * sound change) every verb or noun takes. The rules are tried in order, each
 * on what the ones before left. Words as ./terms.ts
 * `words` gives them (NFC, no zero-width joiners).
 */
type Rule = readonly [pattern: RegExp, formal: string];

const RULES: { readonly [L in TranslatedLocale]: readonly Rule[] } = {
  ta: [
    // Perfect aspect: "செய்திருக்கீங்களா" ("have you done?") asks as "செய்கிறீர்களா" does.
    [/்திருக்கீங்களா$/u, "்கிறீர்களா"],
    [/்திருக்கீங்க$/u, "்கிறீர்கள்"],
    [/்திருக்கிறீர்களா$/u, "்கிறீர்களா"],
    [/்திருக்கிறீர்கள்$/u, "்கிறீர்கள்"],
    // Present tense, second person (polite): -றீங்க(ளா) is -கிறீர்கள்(ா).
    [/றீங்களா$/u, "கிறீர்களா"],
    [/றீங்க$/u, "கிறீர்கள்"],
    [/க்கீங்களா$/u, "க்கிறீர்களா"],
    [/க்கீங்க$/u, "க்கிறீர்கள்"],
    // Future and others, second person: -வீங்க(ளா) is -வீர்கள்(ா); typed with the short vowel
    // too, a common slip on a phone keyboard ("மூடுவிங்க", "தருவிங்களா").
    [/வ[ீி]ங்களா$/u, "வீர்களா"],
    [/வ[ீி]ங்க$/u, "வீர்கள்"],
    [/ீங்களா$/u, "ீர்களா"],
    [/ீங்க$/u, "ீர்கள்"],
    // Imperative and plural: -ங்க is -ங்கள் ("குடுங்க", "நீங்க", "உங்க").
    [/ங்க$/u, "ங்கள்"],
    // Relative participle: "செய்யுற" is "செய்யும்".
    [/ுற$/u, "ும்"],
    // "is there": இருக்கு, இருக்கா are இருக்கிறது, இருக்கிறதா.
    [/ருக்கு$/u, "ருக்கிறது"],
    [/ருக்கா$/u, "ருக்கிறதா"],
    // "need": வேணும் is வேண்டும்.
    [/^வேணும்/u, "வேண்டும்"],
    // Spoken palatal past: "ஆரம்பிச்சது" is "ஆரம்பித்தது"; of the verbs in -ய் ("do", "rain"),
    // -ய்த- is said -ஞ்ச-: "செஞ்சு" is "செய்து", "செஞ்சீங்களா" "செய்தீர்களா".
    [/ிச்ச/u, "ித்த"],
    [/^(செ|பெ)ஞ்ச/u, "$1ய்த"],
    // "give": குடு is கொடு.
    [/^குடு/u, "கொடு"],
    // Locative without its last consonant: "காலையில" is "காலையில்"; after a consonant
    // ("மொபைல்ல", "இங்கிலீஷ்ல") it is the word itself.
    [/ில$/u, "ில்"],
    [/(\p{L}்)ல$/u, "$1"],
  ],
  si: [
    // A softening particle on a request: "දෙන්නකෝ" is "දෙන්න".
    [/(\p{L}\p{M}*\p{L}\p{M}*)(කෝ|කො)$/u, "$1"],
    // "...ගන්න" after a participle (for oneself): "හදාගන්න" asks as "හදා" does.
    [/(\p{L}\p{M}*\p{L}\p{M}*)ා?ගන්න(?:ද|ේ)?$/u, "$1ා"],
    // The question clitic on a participle, its vowel shortened: "ඇරලද?" is "ඇරලා" asked.
    [/([\u0D9A-\u0DC6])ලා?ද$/u, "$1ලා"],
    // Spoken participle -ලා is written -ා: "පිහිටලා" is "පිහිටා", "හදලා" "හදා".
    [/(\p{L}\p{M}*[\u0D9A-\u0DC6])ලා$/u, "$1ා"],
  ],
};

/** `word` with its spoken endings in their written form, in `locale`'s script. */
export function formalForm(locale: TranslatedLocale, word: string): string {
  let form = word;
  for (const [pattern, formal] of RULES[locale]) form = form.replace(pattern, formal);
  return form;
}
