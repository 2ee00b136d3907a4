import { sql, type Kysely } from "kysely";

// An invitation to an address that has an account is closed now when the account is made
// (server/auth/invitations/store.ts): those made before stayed open, and would work again if
// that account were removed within their 7 days. They are revoked, their queued e-mails dropped.
// (Those whose sender is gone or may no longer invite need nothing: every read checks the sender.)

export async function up(db: Kysely<unknown>) {
  const at = new Date().toISOString();
  const closed = await sql<{ id: number }>`update invitations set revoked_at = ${at}
    where accepted_at is null and revoked_at is null and email in (select email from users)
    returning id`.execute(db);
  for (const { id } of closed.rows)
    await sql`delete from account_mails where kind = 'invitation' and status = 'pending' and ref_id = ${id}`.execute(
      db,
    );
}

export async function down() {
  // Nothing to undo: earlier code refuses an invitation to an address with an account as well.
}
