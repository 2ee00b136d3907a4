import { scriptOf, type ScriptWords } from "./script-words.ts";

/**
 * The loanword bridge (docs/decisions/030-retrieval-by-word-parts.md): a
 * Sinhala or Tamil visitor often types an English word in their own script
 * (ඔෆිස්, ஆபீஸ் "office"; සර්විස්, சர்வீஸ் "service") where the page says
 * කාර්යාලය or அலுவலகம். Such a word and the English word it comes from are
 * brought to one phonetic key: the script's letters romanised (each script's
 * `sounds`, ./script-words.ts, as ISO 15919 would, reduced), English
 * spelling read by a few rules, then both folded to what the two scripts
 * can tell apart: no voiced and voiceless pairs (Tamil writes both with one
 * letter), f as p, v as w, sh, ch, j and z as s, no h or y, an r only before
 * a vowel (the loanwords follow British speech: නම්බර් and "number" both
 * "nmp"), vowels gone but a first one (as "a"), doubled letters one.
 *
 * The search (./word-index.ts) keeps the keys of each passage's English
 * words (its English twin's where the page is translated) and a question's
 * Sinhala or Tamil word the site does not use finds them by its key.
 */

/** Keys shorter than this join too many English words ("kl": call, cool, clay). */
const MIN_KEY = 3;

/** A vowel in the sequence of sounds before it is folded away. */
const VOWEL = "V";
/** The virama: the consonant before it has no vowel. */
export const NO_VOWEL = "-";

/** English spelling to sounds, in order: what a letter says depends on its neighbours. */
const ENGLISH_RULES: readonly [RegExp, string][] = [
  [/[st]ion/g, "shVn"],
  [/ph/g, "f"],
  [/gh/g, ""],
  [/ck/g, "k"],
  [/qu/g, "kw"],
  [/^wr/, "r"],
  [/^kn/, "n"],
  [/gn/g, "n"],
  [/ng$/, "n"],
  [/mb$/, "m"],
  [/c(?=[eiy])/g, "s"],
  [/g(?=[eiy])/g, "j"],
  // A w after a vowel and before no vowel is part of the vowel ("show", "new").
  [/(?<=[aeiouy])w(?![aeiouy])/g, ""],
  [/x/g, "ks"],
  [/[aeiouy]/g, VOWEL],
];

/** Each consonant's class (see above): the letters a key is made of. */
const FOLD: Readonly<Record<string, string>> = {
  b: "p",
  c: "k",
  d: "t",
  f: "p",
  g: "k",
  j: "s",
  q: "k",
  v: "w",
  z: "s",
};

/** `sounds` (consonant letters, VOWEL marks) reduced to a key, or undefined when shorter than `least`. */
function reduce(sounds: string, least = MIN_KEY): string | undefined {
  let key = sounds
    .replace(/sh|ch|th/g, (pair) => pair[0]!)
    .replace(/[a-z]/g, (letter) => FOLD[letter] ?? letter)
    // A w between vowels is a diphthong's glide: "founder" is ෆවුන්ඩර් (fa-w-un-dar).
    .replace(new RegExp(`${VOWEL}w${VOWEL}`, "g"), VOWEL)
    .replace(new RegExp(`r(?!${VOWEL})`, "g"), "")
    .replace(/[hy]/g, "");
  key = (key.startsWith(VOWEL) ? "a" : "") + key.replaceAll(VOWEL, "");
  key = key.replace(/(.)\1+/g, "$1");
  return key.length >= least && key.length > 0 ? key : undefined;
}

/** The sounds of a Sinhala or Tamil word by its script's letters; a consonant without a sign or virama says its vowel. */
function scriptSounds(script: ScriptWords, word: string): string {
  let sounds = "";
  const letters = [...word];
  letters.forEach((letter, i) => {
    const sound = script.sounds[letter];
    if (sound === undefined || sound === NO_VOWEL) return;
    sounds += sound;
    const isConsonant = sound !== VOWEL && sound !== "";
    const next = script.sounds[letters[i + 1] ?? ""];
    // The last letter's own vowel is left out: a stem (./script-words.ts) loses the virama
    // (පාට්නර්, "partner", is searched as පාට්නර), and no key keeps a last vowel.
    if (isConsonant && i < letters.length - 1 && next !== VOWEL && next !== NO_VOWEL) sounds += VOWEL;
  });
  return sounds;
}

const keys = new Map<string, string | undefined>();
const MAX_KEYS = 200_000;

/** The sounds of `word`, English or of a script with its table of sounds, else undefined. */
function soundsOf(word: string): string | undefined {
  if (/^[a-z]+$/.test(word)) return ENGLISH_RULES.reduce((text, [rule, sound]) => text.replace(rule, sound), word);
  const script = scriptOf(word);
  return script && scriptSounds(script, word);
}

/**
 * The phonetic key of `word` (lower case, as ./terms.ts `words` gives it): an
 * English word's, or a Sinhala or Tamil word's; undefined for a word of
 * another script or one too short to tell.
 */
export function phoneticKey(word: string): string | undefined {
  if (keys.has(word)) return keys.get(word);
  const sounds = soundsOf(word);
  const key = sounds === undefined ? undefined : reduce(sounds);
  if (keys.size >= MAX_KEYS) keys.clear();
  keys.set(word, key);
  return key;
}

/** The least letters of a key that tell one word: three letters join too many ("kls": class, goals, close). */
const SURE_KEY = 4;

/** `word`'s phonetic key when long enough to tell which word it is ({@link SURE_KEY} letters or more), else undefined. */
export function sureKey(word: string): string | undefined {
  const key = phoneticKey(word);
  return key !== undefined && key.length >= SURE_KEY ? key : undefined;
}

/**
 * The key of two words said together (a compound typed as two words: "photo shoot", ෆොටෝ ෂූට්,
 * போட்டோ ஷூட்), when either alone is too short to tell (./word-index.ts matches such a key only
 * whole, never by its parts): the two words' keys of any length, one after the other. Undefined
 * when both are long enough to be keys of their own, or either has no sounds.
 */
export function pairKey(first: string, second: string): string | undefined {
  if (phoneticKey(first) !== undefined && phoneticKey(second) !== undefined) return undefined;
  const [a, b] = [soundsOf(first), soundsOf(second)];
  if (a === undefined || b === undefined) return undefined;
  const [keyA, keyB] = [reduce(a, 1), reduce(b, 1)];
  if (keyA === undefined || keyB === undefined) return undefined;
  const key = (keyA + keyB).replace(/(.)\1+/g, "$1");
  // Two letters said together are no more telling than one short word.
  return key.length > MIN_KEY ? key : undefined;
}
