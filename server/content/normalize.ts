import type { DocumentKey, DocumentOf } from "#content/sections.ts";
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
