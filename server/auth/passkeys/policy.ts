import type { TwoFactorStore } from "../two-factor/types.ts";
import type { PasskeyStore } from "./types.ts";

/**
 * Whether a right password is not enough for the account: its role must use two factors, it has
 * no authenticator app but has a passkey (which satisfies the policy: docs/decisions/024-passkeys.md).
 * The password alone then starts no session; the passkey signs it in, being both factors at once.
 */
export async function passkeyRequired(
  store: { twoFactor: TwoFactorStore; passkeys: PasskeyStore },
  userId: number,
): Promise<boolean> {
  const { enabled, required } = await store.twoFactor.requirement(userId);
  return required && !enabled && (await store.passkeys.count(userId)) > 0;
}
