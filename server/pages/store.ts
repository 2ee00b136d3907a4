import type { Kysely } from "kysely";
import type { ImageCheck } from "#server/media/references.ts";
import { createLandingPageReadModel } from "./read-model.ts";
import { createLandingPageTranslationStore } from "./translation-store.ts";
import type { LandingPageStore, LandingPageTables } from "./types.ts";
import { createLandingPageWrites } from "./writes.ts";

/**
 * The team's pages as records (migration 0032-landing-pages), over one database handle: what the
 * site reads (./read-model.ts), what changes a page (./writes.ts), and its translations
 * (./translation-store.ts).
 */
export function createLandingPageStore(db: Kysely<LandingPageTables>, checkImages: ImageCheck): LandingPageStore {
  const translations = createLandingPageTranslationStore(db);
  return {
    ...createLandingPageReadModel(db),
    ...createLandingPageWrites(db, checkImages, translations),
    translations,
  };
}
