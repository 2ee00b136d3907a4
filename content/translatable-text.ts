import type { TextFormat } from "./ai-translation.ts";
import { z } from "./zod.ts";

/**
 * The texts that have a version per language (issue 25), marked where their schema is written, as
 * Payload's `localized: true`: `title: translatable(shortText)`. Everything not marked (images,
 * links, order, numbers, switches, names of people and organisations, addresses for machines) is
 * shared by every language and edited once, in English. The format says how the text is written
 * where it is not plain text (a post's body is Markdown, the legal pages' HTML): "Translate from
 * English" tells the model, which keeps the markup as it is.
 */
const translatableTexts = z.registry<{ format: TextFormat }>();

/** `schema` (a text's), marked as translated per language; a new instance, so the unmarked one stays as it is. */
export function translatable<T extends z.ZodType<string | undefined>>(schema: T, format: TextFormat = "plain"): T {
  const marked: z.ZodType = schema.clone();
  translatableTexts.add(marked, { format });
  return marked as T;
}

/** One translatable text of a schema: its path pattern (`features[].title`) and how it is written. */
export interface TextPattern {
  pattern: string;
  format: TextFormat;
}

/**
 * Every translatable text of `schema`, as path patterns in schema order: `features[].title` is the
 * title of every item of `features`, `services[].features[]` every entry of every service's list.
 */
export function textPatterns(schema: z.ZodType): TextPattern[] {
  const found: TextPattern[] = [];
  const join = (base: string, part: string) => (base ? `${base}.${part}` : part);
  const visit = (node: z.ZodType, pattern: string) => {
    const marked = translatableTexts.get(node);
    if (marked) {
      if (!found.some((text) => text.pattern === pattern)) found.push({ pattern, format: marked.format });
      return;
    }
    if (node instanceof z.ZodOptional || node instanceof z.ZodDefault || node instanceof z.ZodNullable)
      return visit(node.unwrap() as z.ZodType, pattern);
    if (node instanceof z.ZodArray) return visit(node.element as z.ZodType, `${pattern}[]`);
    // A list of blocks of several kinds: each kind's texts (one pattern for a name several kinds use).
    if (node instanceof z.ZodUnion) {
      for (const option of node.options) visit(option as z.ZodType, pattern);
      return;
    }
    if (node instanceof z.ZodObject)
      for (const [name, field] of Object.entries(node.shape)) visit(field as z.ZodType, join(pattern, name));
  };
  visit(schema, "");
  return found;
}
