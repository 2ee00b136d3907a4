import type { Kysely } from "kysely";
import { newTwoFactorKey, twoFactorKeys, type TwoFactorKeys } from "./crypto.ts";

/** The table that holds each database's keys (0012-secrets); backups leave it out. */
export interface SecretsTable {
  secrets: { name: string; value: string };
}

/**
 * The keys named `name` in `secrets`, made on first use (by whichever instance asks first: the
 * others read the one it wrote), read once per store; a failed read is tried again next time.
 */
export function storedKeys<DB extends SecretsTable>(store: Kysely<DB>, name: string): () => Promise<TwoFactorKeys> {
  // Any store's tables include `secrets`; Kysely's types cannot narrow a generic database to it.
  const db = store as unknown as Kysely<SecretsTable>;
  let keys: Promise<TwoFactorKeys> | undefined;
  const load = async () => {
    await db
      .insertInto("secrets")
      .values({ name, value: newTwoFactorKey() })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    const row = await db.selectFrom("secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
    return twoFactorKeys(Buffer.from(row.value, "base64url"));
  };
  return () =>
    (keys ??= load().catch((error: unknown) => {
      keys = undefined;
      throw error;
    }));
}
