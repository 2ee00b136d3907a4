import type { PreviewDraft } from "#content/preview.ts";
import type { Locale } from "#content/locales.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { DocumentKey } from "#content/sections.ts";

/** Drafts stored for preview (migration 0006-preview-drafts): transient, not backed up. */
export interface PreviewTables {
  preview_drafts: {
    token: string;
    /** The administrator who stores it: only they may change it. */
    user_id: number;
    /** The PreviewDraft (#content/preview.ts) as JSON, checked and cleaned when stored. */
    data: string;
    /** ISO-8601; a draft untouched for PREVIEW_LIFETIME_MS is gone. */
    updated_at: string;
  };
}

export interface StoredPreview {
  token: string;
  userId: number;
  /** The stored JSON, parsed (checked again by its reader: a later version may read it). */
  data: unknown;
  updatedAt: string;
}

/**
 * Preview drafts, in the database so that every instance (PostgreSQL) renders
 * the same one. One row per token, replaced whole by each store.
 */
export interface PreviewStore {
  /**
   * Stores `data` under `token` for `userId`, replacing that admin's earlier
   * draft there; false (nothing changed) when another admin's draft has the token.
   * Drafts past their lifetime are swept now and then.
   */
  put(token: string, userId: number, data: unknown, now?: Date): Promise<boolean>;
  /** The draft under `token`, unless it is past its lifetime at `now`. */
  get(token: string, now?: Date): Promise<StoredPreview | undefined>;
  /** Removes drafts past their lifetime at `now`; returns how many. */
  removeExpired(now?: Date): Promise<number>;
}

/**
 * The preview a page is rendered with (the loaders' `context.preview`): the
 * admin asked for `?preview=<token>`. `found` is false when no draft is stored
 * under it (unknown or expired): the page then shows the saved content.
 */
export interface PagePreview {
  token: string;
  found: boolean;
  /** The language of `documents` (English when absent): shown only on pages in it. */
  locale?: Locale;
  /** Documents to show instead of the saved ones. */
  documents: Partial<Record<DocumentKey, unknown>>;
  /** A post to show at its address (`id` when it was stored before). */
  post?: { id?: string | undefined; data: BlogPost };
  /** A team page to show at its address (#app/routes/site/landing.tsx). */
  page?: PreviewDraft["page"];
}
