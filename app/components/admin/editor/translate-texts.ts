import type { TextFormat, TranslateRequest } from "#content/ai-translation.ts";
import { stateOf, textAt, type TextInLanguage } from "../data/translation-copy.ts";

/**
 * What "Translate from English" (issue 26) sends and says, as pure functions:
 * which texts of a draft it translates, and how it names a text in its toasts.
 */

/**
 * The texts of `draft` to translate, in the editor's order, each with its
 * English text and how that is written: those not translated or whose
 * English changed, or with `all` every one. A text whose English is empty
 * has nothing to translate.
 */
export function textsToTranslate(
  texts: ReadonlyMap<string, TextInLanguage>,
  draft: unknown,
  { all, formatOf }: { all: boolean; formatOf: (path: string) => TextFormat },
): TranslateRequest["texts"] {
  const wanted: TranslateRequest["texts"] = [];
  for (const path of inEditorOrder([...texts.keys()])) {
    const text = texts.get(path)!;
    if (text.english.trim() === "") continue;
    if (!all && stateOf(text, textAt(draft, path) ?? "") === "translated") continue;
    wanted.push({ path, text: text.english, format: formatOf(path) });
  }
  return wanted;
}

/**
 * Paths listed field by field (every feature's title, then every
 * description: content/translatable.ts's order) put in the order the editor
 * shows them, item by item (`features.0.title`, `features.0.description`,
 * `features.1.title` …), so the texts land from the top down. Names keep the
 * order they first appear in; list items go by number.
 */
export function inEditorOrder(paths: readonly string[]): string[] {
  const ranks = new Map<string, number>();
  const keyOf = (path: string) => {
    let pattern = "";
    return path.split(".").map((part) => {
      if (/^\d+$/.test(part)) {
        pattern += ".[]";
        return Number(part);
      }
      pattern += `.${part}`;
      if (!ranks.has(pattern)) ranks.set(pattern, ranks.size);
      return ranks.get(pattern)!;
    });
  };
  const keys = new Map(paths.map((path) => [path, keyOf(path)]));
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  return [...paths].sort((a, b) => compare(keys.get(a)!, keys.get(b)!));
}

/** Names of parts of a path where the editor words them otherwise than the field's name would. */
const WORDS: Record<string, string> = {
  cta: "CTA button text",
  info: "",
  story: "company story",
  mission: "mission statement",
  team: "team member",
  greeting: "greeting message",
  imageAlt: "image alt text",
  logoAlt: "logo alt text",
};

const words = (name: string) => WORDS[name] ?? name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
/** A list's name as one of its items: "features" → "feature", "suggested questions" → "suggested question". */
const singular = (name: string) => (WORDS[name] !== undefined ? words(name) : words(name).replace(/s$/, ""));

/**
 * A text's name for the admin, from its path as the editor's cards number
 * them: `features.2.title` → "Feature 3 title", `services.0.features.1` →
 * "Service 1 feature 2", `hero.title` → "Hero title".
 */
export function textLabel(path: string): string {
  const parts = path.split(".");
  const named: string[] = [];
  parts.forEach((part, index) => {
    const next = parts[index + 1];
    if (/^\d+$/.test(part)) return;
    named.push(next !== undefined && /^\d+$/.test(next) ? `${singular(part)} ${Number(next) + 1}` : words(part));
  });
  const label = named.filter(Boolean).join(" ");
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** Most texts a toast names before "and N more". */
const NAMED = 5;

/** "Feature 3 title, Feature 3 description and 4 more". */
export function textList(paths: readonly string[]): string {
  const names = paths.slice(0, NAMED).map(textLabel);
  const more = paths.length - names.length;
  if (more > 0) return `${names.join(", ")} and ${more.toLocaleString("en-US")} more`;
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

const count = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "text" : "texts"}`;

const review = (n: number) => `Review ${n === 1 ? "it" : "them"}, then save.`;

/** What the button's toasts and live status say. */
export const translateMessages = {
  progress: (done: number, total: number) => `Translating… ${done.toLocaleString("en-US")} of ${count(total)}`,
  done: (translated: number) => `Translated ${count(translated)}. ${review(translated)}`,
  stopped: (translated: number, total: number) =>
    translated === 0
      ? "Stopped before any text was translated."
      : `Stopped after ${translated.toLocaleString("en-US")} of ${count(total)}. ${review(translated)}`,
  /** A failure mid-way: what arrived stays, the rest is named; with nothing arrived, only why. */
  failed: (translated: number, total: number, left: readonly string[], reason: string) =>
    translated === 0
      ? reason
      : `Translated ${translated.toLocaleString("en-US")} of ${count(total)}. Not translated: ${textList(left)}. ${reason}`,
};
