import type { Kysely } from "kysely";
import { ROLES } from "#content/roles.ts";
import type { TwoFactorPolicy } from "#content/two-factor.ts";
import { storedKeys } from "./stored-keys.ts";
import type { TwoFactorStore, TwoFactorTables } from "./types.ts";

/** The name of the two-factor key in `secrets` (0012-secrets). */
const SECRET = "two-factor";

/** Two-factor sign-in's state, on SQLite and PostgreSQL alike. */
export function createTwoFactorStore(db: Kysely<TwoFactorTables>): TwoFactorStore {
  const getKeys = storedKeys(db, SECRET);

  const policy = async (): Promise<TwoFactorPolicy> => {
    const rows = await db.selectFrom("two_factor_policy").select(["role", "required"]).execute();
    const required = new Set(rows.filter((row) => Number(row.required) === 1).map((row) => row.role));
    return {
      required: Object.fromEntries(ROLES.map((role) => [role, required.has(role)])) as TwoFactorPolicy["required"],
    };
  };

  /** When the account turned two-factor on (null: it is off), and whether its role requires it. */
  const accountState = async (userId: number) => {
    const row = await db
      .selectFrom("users")
      .leftJoin("two_factor_policy", "two_factor_policy.role", "users.role")
      .select(["users.totp_enabled_at", "two_factor_policy.required"])
      .where("users.id", "=", userId)
      .executeTakeFirst();
    return { enabledAt: row?.totp_enabled_at ?? null, required: Number(row?.required ?? 0) === 1 };
  };

  return {
    async requirement(userId) {
      const { enabledAt, required } = await accountState(userId);
      return { enabled: enabledAt !== null, required };
    },
    async status(userId) {
      const [{ enabledAt, required }, left] = await Promise.all([
        accountState(userId),
        db
          .selectFrom("two_factor_recovery_codes")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", userId)
          .where("used_at", "is", null)
          .executeTakeFirstOrThrow(),
      ]);
      return { enabled: enabledAt !== null, enabledAt, recoveryCodesLeft: Number(left.n), required };
    },
    async startEnrolment(userId, secret) {
      const sealed = (await getKeys()).encrypt(secret);
      await db.updateTable("users").set({ totp_pending_secret: sealed }).where("id", "=", userId).execute();
    },
    async pendingSecret(userId) {
      const row = await db
        .selectFrom("users")
        .select("totp_pending_secret")
        .where("id", "=", userId)
        .executeTakeFirst();
      return row?.totp_pending_secret ? (await getKeys()).decrypt(row.totp_pending_secret) : undefined;
    },
    async confirm(userId, secret, step, codeHashes) {
      const k = await getKeys();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("users")
          .select("totp_pending_secret")
          .where("id", "=", userId)
          .executeTakeFirst();
        // Another enrolment started meanwhile (another tab): its secret, not this one, is pending.
        if (!row?.totp_pending_secret || k.decrypt(row.totp_pending_secret) !== secret) return false;
        await trx
          .updateTable("users")
          .set({
            totp_secret: row.totp_pending_secret,
            totp_pending_secret: null,
            totp_enabled_at: new Date().toISOString(),
            totp_last_step: step,
          })
          .where("id", "=", userId)
          .execute();
        await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
        await trx
          .insertInto("two_factor_recovery_codes")
          .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
          .execute();
        return true;
      });
    },
    async secret(userId) {
      const row = await db
        .selectFrom("users")
        .select(["totp_secret", "totp_last_step"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!row?.totp_secret) return undefined;
      const secret = (await getKeys()).decrypt(row.totp_secret);
      return secret === undefined
        ? undefined
        : { secret, lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step) };
    },
    async acceptStep(userId, step) {
      // One statement: two requests with the same code at once cannot both pass.
      const result = await db
        .updateTable("users")
        .set({ totp_last_step: step })
        .where("id", "=", userId)
        .where("totp_secret", "is not", null)
        .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async useRecoveryCode(userId, codeHash) {
      const result = await db
        .updateTable("two_factor_recovery_codes")
        .set({ used_at: new Date().toISOString() })
        .where("user_id", "=", userId)
        .where("code_hash", "=", codeHash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async turnOff(userId) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
          .where("id", "=", userId)
          .execute();
        await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
      });
    },
    policy,
    async setPolicy(next) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("two_factor_policy").execute();
        const rows = ROLES.filter((role) => next.required[role]).map((role) => ({ role, required: 1 }));
        if (rows.length > 0) await trx.insertInto("two_factor_policy").values(rows).execute();
      });
    },
    keys: getKeys,
  };
}
