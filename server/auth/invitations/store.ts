import type { Kysely, Selectable, Transaction } from "kysely";
import { mayInvite } from "#content/invitations.ts";
import { isRole, ROLES, type Role } from "#content/roles.ts";
import type { SqlDialect } from "#server/lib/sql-dialect.ts";
import { storedKeys } from "../two-factor/stored-keys.ts";
import { sessionId } from "../sessions.ts";
import type { User } from "../types.ts";
import type { Invitation, InvitationStore, InvitationTables, RevokedInvitation } from "./types.ts";

/** The name of the invitations' key in `secrets` (0012-secrets), which backups leave out. */
const SECRET = "invitations";

/**
 * A token is looked up by its SHA-256, as a session is (../sessions.ts): the hash alone opens
 * nothing. The pending list's "Copy link" needs the token itself, so a copy is also kept sealed
 * (AES-256-GCM, the sealing of TOTP secrets: ../two-factor/crypto.ts) with a key of this
 * database's own: the table without the key (a dump of it, a log) gives no usable link.
 */
const tokenHash = (token: string) => sessionId(token);

/** A stored role this code does not know gives no more than a Writer's (as ../store.ts reads accounts). */
const roleOf = (stored: string): Role => (isRole(stored) ? stored : "writer");

/** The roles whose invitations work (the permission table's, #content/invitations.ts), for SQL's `in`. */
const INVITING_ROLES = ROLES.filter(mayInvite);

type Row = Selectable<InvitationTables["invitations"]> & { inviter_email: string | null };

const toInvitation = (row: Row): Invitation => ({
  id: row.id,
  email: row.email,
  role: roleOf(row.role),
  invitedBy: row.invited_by,
  invitedByEmail: row.inviter_email,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  acceptedAt: row.accepted_at,
  revokedAt: row.revoked_at,
  sealedToken: row.sealed_token,
});

/** Drops the queued, unsent e-mails of these invitations (revoked, replaced or used: nothing to send). */
async function dropQueuedMail(trx: Transaction<InvitationTables>, ids: number[]) {
  if (ids.length === 0) return;
  await trx
    .deleteFrom("account_mails")
    .where("kind", "=", "invitation")
    .where("ref_id", "in", ids)
    .where("status", "=", "pending")
    .execute();
}

/**
 * Revokes the open invitations `inviterId` sent, in the caller's transaction (its account is being
 * removed, or given a role that may not invite), with their queued e-mails: the invitations it
 * could no longer send. Expired ones are left as they are (they work no more anyway).
 */
export async function revokeSentBy(
  trx: Transaction<InvitationTables>,
  inviterId: number,
  now = new Date(),
): Promise<RevokedInvitation[]> {
  const at = now.toISOString();
  const revoked = await trx
    .updateTable("invitations")
    .set({ revoked_at: at })
    .where("invited_by", "=", inviterId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", at)
    .returning(["id", "email", "role"])
    .execute();
  await dropQueuedMail(
    trx,
    revoked.map((row) => row.id),
  );
  return revoked.map((row) => ({ id: row.id, email: row.email, role: roleOf(row.role) })).sort((a, b) => a.id - b.id);
}

/**
 * Closes the open invitation to `email`, in the caller's transaction that makes an account with it:
 * an address with an account needs none, and its link must not work again if that account goes.
 */
export async function closeInvitationsTo(trx: Transaction<InvitationTables>, email: string, now = new Date()) {
  const closed = await trx
    .updateTable("invitations")
    .set({ revoked_at: now.toISOString() })
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  await dropQueuedMail(
    trx,
    closed.map((row) => row.id),
  );
}

/** Whether `error` is a unique index's refusal (SQLite's or PostgreSQL's words). */
const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(String(error));

/** Invitations on SQLite and PostgreSQL alike; emails are stored lower-case, as accounts' are. */
export function createInvitationStore(db: Kysely<InvitationTables>, dialect: SqlDialect): InvitationStore {
  const getKeys = storedKeys(db, SECRET);

  const withInviter = (source: Kysely<InvitationTables> | Transaction<InvitationTables>) =>
    source
      .selectFrom("invitations")
      .leftJoin("users", "users.id", "invitations.invited_by")
      .selectAll("invitations")
      .select("users.email as inviter_email");

  /**
   * Open: neither used nor revoked, not expired at `at` (ISO text compares in time order), and its
   * sender still an account that may invite (one from before senders' removals revoked theirs).
   */
  const pendingAt = (at: string) =>
    withInviter(db)
      .where("invitations.accepted_at", "is", null)
      .where("invitations.revoked_at", "is", null)
      .where("invitations.expires_at", ">", at)
      .where("users.role", "in", INVITING_ROLES);

  async function createOnce(invitation: Parameters<InvitationStore["create"]>[0], now: Date) {
    const email = invitation.email.trim().toLowerCase();
    const at = now.toISOString();
    const sealed = (await getKeys()).encrypt(invitation.token);
    return db.transaction().execute(async (trx) => {
      const account = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
      if (account) return "taken" as const;
      // A second invitation to the same address replaces the first (expired ones too, which the unique
      // index of open invitations still counts): the newest link is the one that works.
      await closeInvitationsTo(trx, email, now);
      const { id } = await trx
        .insertInto("invitations")
        .values({
          email,
          role: invitation.role,
          token_hash: tokenHash(invitation.token),
          sealed_token: sealed,
          invited_by: invitation.invitedBy,
          created_at: at,
          expires_at: invitation.expiresAt.toISOString(),
          accepted_at: null,
          revoked_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (invitation.mailFrom)
        await trx
          .insertInto("account_mails")
          .values({
            kind: "invitation",
            ref_id: id,
            status: "pending",
            attempts: 0,
            next_attempt_at: at,
            claimed_until: null,
            last_error: null,
            sent_at: null,
            origin: invitation.mailFrom.origin,
            created_at: at,
          })
          .execute();
      return toInvitation(await withInviter(trx).where("invitations.id", "=", id).executeTakeFirstOrThrow());
    });
  }

  return {
    async create(invitation, now = new Date()) {
      try {
        return await createOnce(invitation, now);
      } catch (error) {
        // Two invitations to one address at the same moment: the unique index of open invitations
        // refused the second; once more, it replaces the first.
        if (!isUniqueViolation(error)) throw error;
        return createOnce(invitation, now);
      }
    },
    async listPending(now = new Date()) {
      const rows = await pendingAt(now.toISOString())
        .orderBy("invitations.created_at", "desc")
        .orderBy("invitations.id", "desc")
        .execute();
      return rows.map(toInvitation);
    },
    async findPending(token, now = new Date()) {
      const row = await pendingAt(now.toISOString())
        .where("invitations.token_hash", "=", tokenHash(token))
        .executeTakeFirst();
      return row && toInvitation(row);
    },
    async getPending(id, now = new Date()) {
      const row = await pendingAt(now.toISOString()).where("invitations.id", "=", id).executeTakeFirst();
      return row && toInvitation(row);
    },
    async revoke(id, now = new Date()) {
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const revoked = await trx
          .updateTable("invitations")
          .set({ revoked_at: at })
          .where("id", "=", id)
          .where("accepted_at", "is", null)
          .where("revoked_at", "is", null)
          .where("expires_at", ">", at)
          .returning("id")
          .executeTakeFirst();
        if (!revoked) return false;
        await dropQueuedMail(trx, [id]);
        return true;
      });
    },
    async accept(token, passwordHash, now = new Date()) {
      const at = now.toISOString();
      class Taken extends Error {}
      try {
        return await db.transaction().execute(async (trx): Promise<User | "gone"> => {
          const open = await trx
            .selectFrom("invitations")
            .select("invited_by")
            .where("token_hash", "=", tokenHash(token))
            .where("accepted_at", "is", null)
            .where("revoked_at", "is", null)
            .where("expires_at", ">", at)
            .executeTakeFirst();
          if (open?.invited_by == null) return "gone";
          // Its sender must still exist and still may invite. On PostgreSQL their row is locked: a
          // demotion or removal under way (which locks every account: ../store.ts) finishes first and
          // is read here, or waits for this accept to finish. SQLite has one writer at a time.
          const inviterQuery = trx.selectFrom("users").select("role").where("id", "=", open.invited_by);
          const inviter = await (dialect === "postgres" ? inviterQuery.forUpdate() : inviterQuery).executeTakeFirst();
          if (!inviter || !mayInvite(roleOf(inviter.role))) return "gone";
          // A conditional update: of two accepts at once, the second finds it used (PostgreSQL makes it
          // wait for the first's row lock, then reads it again; SQLite has one writer at a time).
          const used = await trx
            .updateTable("invitations")
            .set({ accepted_at: at })
            .where("token_hash", "=", tokenHash(token))
            .where("accepted_at", "is", null)
            .where("revoked_at", "is", null)
            .where("expires_at", ">", at)
            .returning(["id", "email", "role"])
            .executeTakeFirst();
          if (!used) return "gone";
          const user = await trx
            .insertInto("users")
            .values({ email: used.email, password_hash: passwordHash, created_at: at, role: roleOf(used.role) })
            .onConflict((oc) => oc.column("email").doNothing())
            .returning(["id", "email", "created_at", "role"])
            .executeTakeFirst();
          // Undone whole: the invitation stays as it was.
          if (!user) throw new Taken();
          await dropQueuedMail(trx, [used.id]);
          return { id: user.id, email: user.email, createdAt: user.created_at, role: roleOf(user.role) };
        });
      } catch (error) {
        if (error instanceof Taken) return "taken";
        throw error;
      }
    },
    async unseal(sealed) {
      return (await getKeys()).decrypt(sealed);
    },
    async removeEndedBefore(before) {
      const at = before.toISOString();
      // An invitation ended at the first of its use, its revoking and its expiry: before `before` if
      // any of them is. A pending one has only an expiry, still to come.
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom("invitations")
          .where((eb) => eb.or([eb("accepted_at", "<", at), eb("revoked_at", "<", at), eb("expires_at", "<", at)]))
          .returning("id")
          .execute();
        const ids = removed.map((row) => row.id);
        if (ids.length > 0)
          await trx.deleteFrom("account_mails").where("kind", "=", "invitation").where("ref_id", "in", ids).execute();
        return ids.length;
      });
    },
  };
}
