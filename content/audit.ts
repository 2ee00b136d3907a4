/**
 * The audit trail (issue 28 item 6): what was done in the admin, by whom and when, as the audit API
 * (server/audit/routes.ts) answers it and the admin's "Audit trail" screen shows it. Administrators
 * only (content/roles.ts). Which endpoint records which action is server/audit/actions.ts. Shared by
 * browser and server.
 */
import { pageQuery } from "./stored-integer.ts";
import { documentApiPath, isDocumentKey } from "./sections.ts";
import { z } from "./zod.ts";

/** Every action the trail records, with the words the admin shows for it. */
export const AUDIT_ACTIONS = {
  "sign-in": "Signed in",
  "sign-in.failed": "Failed sign-in",
  // A wrong two-factor or recovery code after the right password (server/auth/two-factor/routes.ts).
  "sign-in.code-failed": "Failed two-factor code",
  "sign-out": "Signed out",
  "session.end": "Signed out a session",
  "session.end-others": "Signed out all other sessions",
  "content.save": "Saved a page",
  "settings.ai": "Saved the AI settings",
  "answers.save": "Saved the Answers",
  "revision.restore": "Restored an earlier version",
  "post.create": "Created a post",
  "post.save": "Saved a post",
  "post.submit": "Submitted a post for review",
  "post.publish": "Published a post",
  "post.delete": "Deleted a post",
  "landing-page.create": "Created a team page",
  "landing-page.save": "Saved a team page",
  "landing-page.submit": "Submitted a team page for review",
  "landing-page.publish": "Published a team page",
  "landing-page.use-b": "Made variant B a team page's blocks",
  "landing-page.delete": "Deleted a team page",
  "media.upload": "Uploaded an image",
  "media.describe": "Changed an image's name or alt text",
  "media.replace": "Replaced an image's file",
  "media.delete": "Deleted images",
  "message.delete": "Deleted a message",
  "message.restore": "Restored a message",
  "message.export": "Exported the messages",
  "conversation.delete": "Deleted a conversation",
  "conversation.export": "Exported the conversations",
  "account.create": "Added an account",
  "account.role": "Changed an account's role",
  "account.delete": "Removed an account",
  "password.change": "Changed their password",
  "two-factor.on": "Turned on two-factor sign-in",
  "two-factor.off": "Turned off two-factor sign-in",
  "passkey.add": "Added a passkey",
  "passkey.remove": "Removed a passkey",
  "settings.two-factor": "Changed who must use two-factor sign-in",
  "invitation.create": "Invited someone",
  "invitation.revoke": "Revoked an invitation",
  // Removing an account, or giving it a role that may not invite, revokes the invitations it sent.
  "invitation.revoke-sender": "Revoked an invitation its sender may no longer send",
  "invitation.accept": "Accepted an invitation",
  "backup.download": "Downloaded a backup",
  "audit.export": "Exported the audit trail",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (value: unknown): value is AuditAction =>
  typeof value === "string" && Object.hasOwn(AUDIT_ACTIONS, value);

/** What an action was done to: a page ("content", its key), a post (its id), an account (its id)… */
export interface AuditTarget {
  kind:
    | "content"
    | "settings"
    | "post"
    | "landing-page"
    | "media"
    | "message"
    | "conversation"
    | "account"
    | "invitation"
    | "passkey"
    | "session";
  key?: string;
  id?: string;
  /** The version the action saved (or restored), where it made one: the link to it. */
  revision?: number;
}

export interface AuditEvent {
  id: number;
  at: string;
  /** The account as it was (its email then); a failed sign-in has the email tried and no id. */
  actor: { id: number | null; email: string | null };
  action: AuditAction;
  target: AuditTarget | null;
  /** More about it (a new role, the version restored…): shown as it is. */
  detail: Record<string, unknown> | null;
}

/** GET /api/audit. */
export interface AuditPage {
  events: AuditEvent[];
  total: number;
  page: number;
  pages: number;
}

export const AUDIT_PAGE_SIZE = 50;
/** How long the trail keeps an event (server/audit/housekeeping.ts). */
export const AUDIT_KEEP_DAYS = 365;

/** `?page=&actor=&action=` of GET /api/audit (and, without page, of its CSV export). */
export const auditQuerySchema = z.object({
  page: pageQuery,
  actor: z.string().trim().max(320, "Keep the account under 320 characters.").optional(),
  action: z
    .string()
    .refine(isAuditAction, "That is not an action the audit trail records.")
    .optional()
    .transform((value) => value as AuditAction | undefined),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The API address of the version an event links to (its JSON, for an Administrator), when there is one. */
export function revisionUrl(target: AuditTarget | null): string | undefined {
  if (!target?.revision) return undefined;
  if (target.kind === "post" && target.id)
    return `/api/posts/${encodeURIComponent(target.id)}/revisions/${target.revision}`;
  if (target.kind === "content" && target.key)
    return `${isDocumentKey(target.key) ? documentApiPath(target.key) : `/api/content/${encodeURIComponent(target.key)}`}/revisions/${target.revision}`;
  if (target.kind === "settings") return `/api/ai-settings/revisions/${target.revision}`;
  if (target.kind === "landing-page" && target.id)
    return `/api/pages/${encodeURIComponent(target.id)}/revisions/${target.revision}`;
  return undefined;
}

/** The target in a few words: "post 3f2a…", "page home", "account 4". */
export function describeTarget(target: AuditTarget | null): string {
  if (!target) return "";
  const name = target.key ?? target.id ?? "";
  const kind = target.kind === "content" ? "page" : target.kind === "settings" ? "settings" : target.kind;
  return `${kind}${name ? ` ${name}` : ""}`;
}
