import { describe, expect, it } from "vitest";
import { documentDefaults } from "#content/defaults.ts";
import { documentSchemas } from "#content/schemas.ts";
import { documents, type DocumentKey } from "#content/sections.ts";
import { normalizeDocument } from "./normalize.ts";

/**
 * A saved document stays in the store's cache as it was written, and a later
 * reader (another instance, or this one after a restart) parses the stored
 * JSON instead: both must be the same, byte for byte.
 */
const asReadBack = (key: DocumentKey, data: unknown) => documentSchemas[key].parse(JSON.parse(JSON.stringify(data)));

describe("normalizeDocument", () => {
  it("leaves every section's defaults as a reader parses them back", () => {
    for (const key of Object.keys(documents) as DocumentKey[]) {
      const data = documentSchemas[key].parse(documentDefaults[key]);
      const clean = normalizeDocument(key, data, data);
      expect(JSON.stringify(clean), key).toBe(JSON.stringify(asReadBack(key, clean)));
    }
  });
});
