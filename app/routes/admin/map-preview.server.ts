import { sanitizeMapEmbed } from "#server/content/sanitize.ts";

/** The map embed exactly as the server would store it (see server/content/normalize.ts). */
export function previewMapEmbed(code: string): string {
  return sanitizeMapEmbed(code);
}
