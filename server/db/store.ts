import type { Kysely } from "kysely";
import { createInsightsStore } from "#server/insights/store.ts";
import type { InsightsStore, InsightsTables } from "#server/insights/types.ts";
import { createSessionStore, createUserStore } from "#server/auth/store.ts";
import { createAuditStore } from "#server/audit/store.ts";
import type { AuditStore, AuditTables } from "#server/audit/types.ts";
import type { AuthTables, SessionStore, UserStore } from "#server/auth/types.ts";
import { createTwoFactorStore } from "#server/auth/two-factor/store.ts";
import { createInvitationStore } from "#server/auth/invitations/store.ts";
import type { InvitationStore, InvitationTables } from "#server/auth/invitations/types.ts";
import type { TwoFactorStore, TwoFactorTables } from "#server/auth/two-factor/types.ts";
import { createPasskeyStore } from "#server/auth/passkeys/store.ts";
import type { PasskeyStore, PasskeyTables } from "#server/auth/passkeys/types.ts";
import { createBackupStore, type AnyTables } from "#server/backup/store.ts";
import type { BackupStore } from "#server/backup/types.ts";
import { createConversationStore } from "#server/chat/conversation-store.ts";
import type { ConversationStore, ConversationTables } from "#server/chat/conversation-types.ts";
import { createMessageStore } from "#server/contact/message-store.ts";
import { createAccountMailStore, createOutboxStore } from "#server/contact/outbox-store.ts";
import type { AccountMailStore, ContactTables, MessageStore, OutboxStore } from "#server/contact/types.ts";
import { createDocumentStore, createTranslationStore } from "#server/content/store.ts";
import type { ContentTables, DocumentStore, TranslationStore } from "#server/content/types.ts";
import {
  createRateCounterStore,
  type RateCounterStore,
  type RateCounterTables,
} from "#server/lib/rate-counter-store.ts";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import { imageCheck } from "#server/media/references.ts";
import { createMediaStore } from "#server/media/store.ts";
import { createDatabaseMediaStorage, type MediaStorage } from "#server/media/storage.ts";
import type { MediaStore, MediaTables } from "#server/media/types.ts";
import type { UseTables } from "#server/media/uses.ts";
import { writeBuiltInBlog } from "#server/posts/move-in.ts";
import { createLandingPageStore } from "#server/pages/store.ts";
import type { LandingPageStore, LandingPageTables } from "#server/pages/types.ts";
import { createPostStore } from "#server/posts/store.ts";
import type { PostStore, PostTables } from "#server/posts/types.ts";
import { createPreviewStore } from "#server/previews/store.ts";
import type { PreviewStore, PreviewTables } from "#server/previews/types.ts";
import { pendingMigrations, upgradeRestoredRows } from "./migrate.ts";
import { migrationProvider } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

/** A connection pool's use: open connections, idle ones, queries waiting for one, and the most it opens. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * Everything the app persists, behind one interface: callers never see the
 * database, SQLite (./sqlite.ts) or PostgreSQL (./postgres.ts). Each part is
 * its feature's own store.
 */
export interface Store {
  readonly dialect: SqlDialect;
  documents: DocumentStore;
  /** The documents' texts in the other languages (content/localize.ts). */
  translations: TranslationStore;
  users: UserStore;
  sessions: SessionStore;
  /** Two-factor sign-in: accounts' TOTP secrets, recovery codes and the roles that must use it. */
  twoFactor: TwoFactorStore;
  /** Passkeys (WebAuthn) and their sign-in challenges (server/auth/passkeys/). */
  passkeys: PasskeyStore;
  /** Invitations to make an account with a role (server/auth/invitations/). */
  invitations: InvitationStore;
  /** What was done in the admin, by whom (server/audit/). */
  audit: AuditStore;
  messages: MessageStore;
  outbox: OutboxStore;
  /** The outbox's account mails (invitations), sent by the same worker (server/contact/outbox.ts). */
  accountMails: AccountMailStore;
  media: MediaStore;
  /** The images' files kept in this database, used when MEDIA_STORAGE=database (server/media/storage.ts). */
  mediaFiles: MediaStorage;
  rateCounters: RateCounterStore;
  posts: PostStore;
  /** The team's own pages (issue 42) and their translations (server/pages/). */
  pages: LandingPageStore;
  /** The public chat's conversations, kept for staff. */
  conversations: ConversationStore;
  /** Unsaved admin edits stored for preview (transient, not backed up). */
  previews: PreviewStore;
  /** Counted page views, their daily rollups and the days' salts (Insights). */
  insights: InsightsStore;
  backup: BackupStore;
  /**
   * Writes a new site's blog (the built-in posts, their translations and the blog
   * document) when none is stored yet (server/posts/move-in.ts): run at start.
   * Returns how many posts it wrote.
   */
  writeBuiltInBlog(): Promise<number>;
  /** A cheap query proving the database answers. */
  ping(): Promise<boolean>;
  /** The connection pool's use now (PostgreSQL; SQLite has one connection and no pool): the metrics. */
  poolUse?(): PoolUse;
  /** Migrations this code has and the database lacks (none once the start has migrated it). */
  pendingMigrations(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The connection as one feature's store sees it: typed with that feature's
 * tables only, all of which `Database` has (Kysely's types are invariant, so
 * this narrowing is a cast).
 */
const tablesOf = <Tables>(db: Kysely<Database & Tables>) => db as unknown as Kysely<Tables>;

/**
 * Builds every feature's store over one connection (the composition root of
 * the data layer); every query in them runs on SQLite and PostgreSQL alike
 * (docs/decisions/006-postgresql.md).
 */
export function createStore(db: Kysely<Database>, dialect: SqlDialect): Store {
  // Every save of content checks, in its transaction, that the images it names are in the library.
  const checkImages = imageCheck(dialect);
  return {
    dialect,
    documents: createDocumentStore(tablesOf<ContentTables>(db), checkImages),
    translations: createTranslationStore(tablesOf<ContentTables>(db), checkImages),
    users: createUserStore(tablesOf<AuthTables & InvitationTables>(db), dialect),
    sessions: createSessionStore(tablesOf<AuthTables & Pick<TwoFactorTables, "two_factor_policy">>(db)),
    twoFactor: createTwoFactorStore(tablesOf<TwoFactorTables>(db)),
    passkeys: createPasskeyStore(tablesOf<PasskeyTables>(db)),
    invitations: createInvitationStore(tablesOf<InvitationTables>(db), dialect),
    audit: createAuditStore(tablesOf<AuditTables>(db)),
    messages: createMessageStore(tablesOf<ContactTables>(db), dialect),
    outbox: createOutboxStore(tablesOf<ContactTables>(db)),
    accountMails: createAccountMailStore(tablesOf<ContactTables>(db)),
    media: createMediaStore(tablesOf<MediaTables & UseTables>(db), dialect),
    mediaFiles: createDatabaseMediaStorage(tablesOf<MediaTables>(db)),
    rateCounters: createRateCounterStore(tablesOf<RateCounterTables>(db)),
    posts: createPostStore(tablesOf<PostTables>(db), dialect, checkImages),
    pages: createLandingPageStore(tablesOf<LandingPageTables>(db), checkImages),
    conversations: createConversationStore(tablesOf<ConversationTables>(db)),
    previews: createPreviewStore(tablesOf<PreviewTables>(db)),
    insights: createInsightsStore(tablesOf<InsightsTables>(db), dialect),
    // The backup copies every table, found by introspection, whatever its shape.
    backup: createBackupStore(db as unknown as Kysely<AnyTables>, dialect, migrationProvider, upgradeRestoredRows),

    writeBuiltInBlog: () => writeBuiltInBlog(tablesOf<ContentTables & PostTables>(db)),

    async ping() {
      await db.selectFrom("users").select("id").limit(1).execute();
      return true;
    },

    pendingMigrations: () => pendingMigrations(db),

    async close() {
      await db.destroy();
    },
  };
}
