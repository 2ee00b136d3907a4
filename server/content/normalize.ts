import type { DocumentKey } from "#content/sections.ts";
import type { ContactContent, LegalContent } from "#content/schemas.ts";
import { sanitizeMapEmbed, sanitizeRichHtml } from "./sanitize.ts";

/**
 * Server-side clean-up applied to a validated document before it is stored:
 * HTML written by the admin is sanitised here (and again when rendered).
 */
const normalizers: Partial<Record<DocumentKey, (data: never) => unknown>> = {
  "privacy-policy": (data: LegalContent) => ({ ...data, content: sanitizeRichHtml(data.content) }),
  "terms-conditions": (data: LegalContent) => ({ ...data, content: sanitizeRichHtml(data.content) }),
  contact: (data: ContactContent) => ({ ...data, mapEmbed: sanitizeMapEmbed(data.mapEmbed) }),
};

export function normalizeDocument(key: DocumentKey, data: unknown): unknown {
  const normalize = normalizers[key] as ((data: unknown) => unknown) | undefined;
  return normalize ? normalize(data) : data;
}
