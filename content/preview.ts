import type { LandingPage } from "./landing-page-schema.ts";
import type { VariantName } from "./landing-pages.ts";
import type { Locale } from "./locales.ts";
import type { BlogPost } from "./schemas.ts";
import type { DocumentKey } from "./sections.ts";

/**
 * Previews of unsaved admin edits (issue 13): the admin's browser stores its
 * draft under a token it made (PUT /api/previews/:token, server/previews/),
 * then opens the public page at `<path>?preview=<token>`, which a signed-in
 * admin sees rendered with the draft. Shared by browser and server.
 */

/** The query parameter of a preview address. */
export const PREVIEW_PARAM = "preview";

/** A preview's token: random, made by the admin's browser, URL-safe. */
export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** A draft not updated for this long is gone (the preview then says it expired). */
export const PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * What a preview shows instead of the saved content: documents (each checked
 * and cleaned as a save would), and one blog post, stored (`id`) or not yet.
 */
export interface PreviewDraft {
  /** The language of the documents' draft (English when absent): pages in another language show the saved texts. */
  locale?: Locale;
  documents?: Partial<Record<DocumentKey, unknown>>;
  post?: { id?: string | undefined; data: BlogPost };
  /**
   * A team page (issue 42), stored (`id`) or not yet, shown at its address in the draft's language
   * (its texts in that language, English for the empty ones), as `variant` (A when absent).
   */
  page?: {
    id?: string | undefined;
    variant?: VariantName | undefined;
    data: LandingPage;
    /** The paths of its texts shown in English (a translation's empty ones): marked as English, as on the saved page. */
    english?: string[] | undefined;
  };
}

/** A text's place in a draft (`title`, `variants.0.blocks.2.items.1.text`): what a team page's preview marks as shown in English. */
export const TEXT_PATH = /^[A-Za-z]\w{0,40}(\.\w{1,40}){0,8}$/;
