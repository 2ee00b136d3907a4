/**
 * Turning what models really return into the fields the admin fills in:
 * code fences, "Here is…" preambles, labels in bold or as headings, bullets,
 * numbered lists, comma lists or JSON. Pure functions, tested in parsers.test.ts.
 *
 * A model can loop and send a very long answer, and these run on the server's
 * one thread: every pattern here takes time in proportion to the text (no
 * pattern that can backtrack over a run it already matched).
 */

/** Removes code fences, a leading "Here is…:" line and wrapping quotes. */
export function cleanModelText(text: string): string {
  let out = text.replace(/\r\n/g, "\n").trim();
  const fenced = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(out);
  if (fenced) out = fenced[1]!.trim();
  out = out.replace(/^(?:sure[,!.]?\s*)?here(?:'s| is| are)\b[^\n]*:\s*\n+/i, "");
  if (/^["“].*["”]$/s.test(out) && !/["“”]/.test(out.slice(1, -1))) out = out.slice(1, -1).trim();
  return out;
}

/** Markdown emphasis and heading markers removed, whitespace collapsed: for one-paragraph fields. */
function plainParagraph(text: string): string {
  return text
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/\*\*(.+?)\*\*/g, "$1")
    .replace(/__(.+?)__/g, "$1")
    .replace(/(^|[\s(])\*(\S[^*]*?)\*/g, "$1$2")
    .replace(/\s+/g, " ")
    .trim();
}

/** A leading "Label:" removed, maybe in bold (closed after the label or its colon) or as a heading. */
const stripLabel = (text: string, label: string) =>
  text.replace(new RegExp(`^\\s*(?:#{1,6}\\s*)?(?:(\\*\\*|__)\\s*)?${label}\\s*:?\\s*\\1\\s*:?\\s*`, "i"), "");

/** A "Features:" label line, maybe in bold or as a heading ("### Key Features"). */
const FEATURES_LABEL = /^[ \t]*(?:#{1,6}[ \t]*)?(?:(\*\*|__)[ \t]*)?(?:key[ \t]+)?features[ \t]*:?[ \t]*\1[ \t]*:?/im;

/** `text` without the trailing characters that are in `chars`. */
function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

function cleanFeature(item: string): string {
  const text = plainParagraph(item.replace(/^\s*(?:[-*•–]|\d+[.)])\s+/, "")).replace(/^["']|["']$/g, "");
  return trimEndOf(text, ".;").trim();
}

/** Splits at ";" and at commas outside parentheses: a comma is inside when the next parenthesis after it closes. */
function splitOutsideParens(text: string): string[] {
  const items: string[] = [];
  let end = text.length;
  let nextParen = "";
  for (let i = text.length - 1; i >= 0; i -= 1) {
    const char = text[i]!;
    if (char === "(" || char === ")") nextParen = char;
    else if (char === ";" || (char === "," && nextParen !== ")")) {
      items.push(text.slice(i + 1, end));
      end = i;
    }
  }
  items.push(text.slice(0, end));
  return items.reverse();
}

/** Splits a features block written as bullets, a numbered list or comma-separated text. */
function splitFeatures(block: string): string[] {
  const lines = block
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const listed = lines.filter((line) => /^(?:[-*•–]|\d+[.)])\s+/.test(line));
  const items = listed.length >= 2 ? listed : splitOutsideParens(lines.join(", "));
  return items.map(cleanFeature).filter((feature) => feature !== "");
}

/** The draft of a JSON answer (description "" when it has none); undefined when the answer is not a JSON object. */
function fromJson(text: string): { description: string; features: string[] } | undefined {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start === -1 || end <= start) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object") return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  const pick = (name: string) => entries.find(([key]) => key.toLowerCase() === name)?.[1];
  const description = pick("description");
  const features = pick("features");
  const list = Array.isArray(features)
    ? features.filter((f): f is string => typeof f === "string").map(cleanFeature)
    : typeof features === "string"
      ? splitFeatures(features)
      : [];
  return {
    description: typeof description === "string" ? plainParagraph(description) : "",
    features: list.filter(Boolean),
  };
}

/**
 * A service draft from what models really send: "Description:/Features:"
 * labels (maybe in bold or as headings), bullets, numbered lists, plain
 * comma lists or JSON.
 */
export function parseServiceDraft(raw: string): { description: string; features: string[] } {
  const text = cleanModelText(raw);
  const json = fromJson(text);
  if (json) return { ...json, features: json.features.slice(0, 8) };

  const match = FEATURES_LABEL.exec(text);
  let descriptionPart: string;
  let featurePart: string;
  if (match) {
    descriptionPart = text.slice(0, match.index);
    featurePart = text.slice(match.index + match[0].length);
  } else {
    const lines = text.split("\n");
    const firstItem = lines.findIndex((line) => /^\s*(?:[-*•–]|\d+[.)])\s+/.test(line));
    if (firstItem > 0) {
      descriptionPart = lines.slice(0, firstItem).join("\n");
      featurePart = lines.slice(firstItem).join("\n");
    } else {
      const paragraphs = text.split(/\n\s*\n/);
      const last = paragraphs.at(-1) ?? "";
      const looksLikeList = paragraphs.length > 1 && last.split(",").length >= 3 && !/[.!?]\s+\S/.test(last);
      descriptionPart = looksLikeList ? paragraphs.slice(0, -1).join("\n") : text;
      featurePart = looksLikeList ? last : "";
    }
  }
  const description = plainParagraph(stripLabel(descriptionPart, "(?:service\\s+)?description"));
  const features = featurePart ? splitFeatures(featurePart).slice(0, 8) : [];
  return { description, features };
}

/** A one-paragraph answer (feature description), labels and markdown removed. */
export function parseParagraph(raw: string): string {
  return plainParagraph(stripLabel(cleanModelText(raw), "description"));
}

/** A blog excerpt: only the first line kept. */
export function parseExcerpt(raw: string): string {
  const text = stripLabel(cleanModelText(raw), "(?:excerpt|description)");
  const firstLine =
    text
      .split("\n")
      .map((line) => line.trim())
      .find(Boolean) ?? "";
  return plainParagraph(firstLine);
}

/** A full post in the site's simple markup; a top-level "# Title" line is dropped (the post has its own title). */
export function parseBlogContent(raw: string, title: string): string {
  const text = cleanModelText(raw);
  const lines = text.split("\n");
  const first = lines[0]?.trim() ?? "";
  const isTitle = /^#\s+/.test(first) || plainParagraph(first).toLowerCase() === title.trim().toLowerCase();
  return (isTitle ? lines.slice(1).join("\n") : text).trim();
}
