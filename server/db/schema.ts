import type { AuthTables } from "#server/auth/types.ts";
import type { AuditTables } from "#server/audit/types.ts";
import type { ContactTables } from "#server/contact/types.ts";
import type { ContentTables } from "#server/content/types.ts";
import type { RateCounterTables } from "#server/lib/rate-counter-store.ts";
import type { MediaTables } from "#server/media/types.ts";
import type { PostTables } from "#server/posts/types.ts";
import type { LandingPageTables } from "#server/pages/types.ts";
import type { ConversationTables } from "#server/chat/conversation-types.ts";
import type { PreviewTables } from "#server/previews/types.ts";
import type { InsightsTables } from "#server/insights/types.ts";
import type { TwoFactorTables } from "#server/auth/two-factor/types.ts";
import type { InvitationTables } from "#server/auth/invitations/types.ts";
import type { PasskeyTables } from "#server/auth/passkeys/types.ts";

/**
 * Every table as Kysely sees it: each feature declares its own (beside its
 * store), and the database has them all. Dates are ISO-8601 text so SQLite
 * and PostgreSQL agree; the tables themselves are made by ./migrations/ (one file per migration).
 */
export interface Database
  extends
    ContentTables,
    AuthTables,
    AuditTables,
    ContactTables,
    MediaTables,
    RateCounterTables,
    PostTables,
    LandingPageTables,
    PreviewTables,
    ConversationTables,
    InsightsTables,
    TwoFactorTables,
    InvitationTables,
    PasskeyTables {}
