import { documentSchemas } from "#content/schemas.ts";
import type { DocumentKey, DocumentOf } from "#content/sections.ts";
import { describeZodError } from "#server/http/errors.ts";
import { sanitizeMapEmbed, sanitizeRichHtml } from "./sanitize.ts";

type Normalizer<T> = (data: T, previous: T | undefined) => T;

/**
 * Server-side clean-up applied to a validated document before it is stored,
 * given the document it replaces: HTML written by the admin is sanitised here
 * (and again when rendered).
 */
const normalizers: { [K in DocumentKey]?: Normalizer<DocumentOf<K>> } = {
  "privacy-policy": (data) => ({ ...data, content: sanitizeRichHtml(data.content) }),
  "terms-conditions": (data) => ({ ...data, content: sanitizeRichHtml(data.content) }),
  contact: (data) => ({ ...data, mapEmbed: sanitizeMapEmbed(data.mapEmbed) }),
};

export function normalizeDocument(key: DocumentKey, data: unknown, previous?: unknown): unknown {
  const normalize = normalizers[key] as Normalizer<unknown> | undefined;
  return normalize ? normalize(data, previous) : data;
}

export type CheckedDocument =
  { ok: true; data: unknown } | { ok: false; message: string; issues: { path: string; message: string }[] };

/**
 * `data` as a save of `key` over `previous` stores it (and a preview shows
 * it): valid by the document's schema, then cleaned; or what is wrong with it.
 */
export function checkDocument(key: DocumentKey, data: unknown, previous: unknown): CheckedDocument {
  const result = documentSchemas[key].safeParse(data);
  if (!result.success) return { ok: false, ...describeZodError(result.error) };
  const clean = normalizeDocument(key, result.data, previous);
  // Cleaning can lengthen text (sanitised HTML escapes "&" and "<"): what is stored must still be
  // a document every reader accepts, or the section could no longer be read.
  const cleaned = documentSchemas[key].safeParse(clean);
  if (!cleaned.success) {
    const { message, issues } = describeZodError(cleaned.error);
    return { ok: false, message: `${message} (counted after cleaning)`, issues };
  }
  return { ok: true, data: clean };
}
