import type { Kysely, Migration, MigrationProvider } from "kysely";
import * as initial from "./0001-initial.ts";
import * as owner from "./0002-owner.ts";
import * as rateCounters from "./0003-rate-counters.ts";
import * as posts from "./0004-posts.ts";
import * as postStatus from "./0005-post-status.ts";
import * as previewDrafts from "./0006-preview-drafts.ts";
import * as conversations from "./0008-conversations.ts";
import * as messageSource from "./0009-message-source.ts";
import * as analytics from "./0010-analytics.ts";
import * as postSortTime from "./0011-post-sort-time.ts";
import * as secrets from "./0012-secrets.ts";
import * as messagePage from "./0013-message-page.ts";
import * as postTranslations from "./0014-post-translations.ts";
import * as conversationLocale from "./0015-conversation-locale.ts";
import * as mediaFiles from "./0016-media-files.ts";
import * as userRoles from "./0017-user-roles.ts";
import * as twoFactor from "./0018-two-factor.ts";
import * as sessionsAudit from "./0019-sessions-audit.ts";
import * as mediaLibrary from "./0020-media-library.ts";
import * as invitations from "./0021-invitations.ts";
import * as passkeys from "./0022-passkeys.ts";
import * as postReview from "./0023-post-review.ts";
import * as translatedImageAlt from "./0024-translated-image-alt.ts";
import * as closeInvitationsToAccounts from "./0025-close-invitations-to-accounts.ts";
import * as imagesById from "./0026-images-by-id.ts";
import * as mediaUploaderId from "./0027-media-uploader-id.ts";
import * as postsMoveIn from "./0028-posts-move-in.ts";
import * as leadPages from "./0029-lead-pages.ts";
import * as answeredFromAnswers from "./0030-answered-from-answers.ts";
import * as pageVariants from "./0031-page-variants.ts";
import * as landingPages from "./0032-landing-pages.ts";

/** A migration's module: its up and down, and `restored` when it changes stored rows (see below). */
export interface SiteMigration extends Migration {
  /**
   * Its change to stored rows, run again on those of a backup taken before it: a backup restores
   * into a database this version has migrated (server/backup/store.ts), so its rows are as the
   * older version wrote them (../migrate.ts `upgradeRestoredRows`).
   */
  restored?: (db: Kysely<unknown>) => Promise<unknown>;
}

/**
 * Every migration, in the order they run (their names' order, as Kysely sorts them): one file
 * each, named as the migration. Kysely records the names in `kysely_migration`, so a name never
 * changes. Migrations live in code (not files read at start) so the bundled server carries them.
 * Append new ones, with the next free number; never edit one that has shipped (what SQLite gets
 * from them must stay byte for byte the same). They run on SQLite and on PostgreSQL: use
 * `generatedId` (./helpers.ts) for generated keys, `text` (ISO-8601 dates, JSON) and `integer`
 * columns only (bytes alone are binary: 0016-media-files). Data stored by an older version is
 * brought up to date by a migration too, once, not by a check at every start.
 */
export const migrations: readonly (readonly [name: string, migration: SiteMigration])[] = [
  ["0001-initial", initial],
  ["0002-owner", owner],
  ["0003-rate-counters", rateCounters],
  ["0004-posts", posts],
  ["0005-post-status", postStatus],
  ["0006-preview-drafts", previewDrafts],
  ["0008-conversations", conversations],
  ["0009-message-source", messageSource],
  ["0010-analytics", analytics],
  ["0011-post-sort-time", postSortTime],
  ["0012-secrets", secrets],
  ["0013-message-page", messagePage],
  ["0014-post-translations", postTranslations],
  ["0015-conversation-locale", conversationLocale],
  ["0016-media-files", mediaFiles],
  ["0017-user-roles", userRoles],
  ["0018-two-factor", twoFactor],
  ["0019-sessions-audit", sessionsAudit],
  ["0020-media-library", mediaLibrary],
  ["0021-invitations", invitations],
  ["0022-passkeys", passkeys],
  ["0023-post-review", postReview],
  ["0024-translated-image-alt", translatedImageAlt],
  ["0025-close-invitations-to-accounts", closeInvitationsToAccounts],
  ["0026-images-by-id", imagesById],
  ["0027-media-uploader-id", mediaUploaderId],
  ["0028-posts-move-in", postsMoveIn],
  ["0029-lead-pages", leadPages],
  ["0030-answered-from-answers", answeredFromAnswers],
  ["0031-page-variants", pageVariants],
  ["0032-landing-pages", landingPages],
];

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(migrations),
};
