import type { Passkey } from "#content/passkeys.ts";

/**
 * Passkeys' tables (0022-passkeys). A passkey is stored by its credential id (base64url, as the
 * browser sends it back), with its public key (COSE, base64url: public, and plain text backs up
 * like every other column), the signature counter and what the authenticator said of itself.
 * Challenges live a few minutes and are used once; they are not backed up.
 */
export interface PasskeyTables {
  passkeys: {
    id: string;
    user_id: number;
    public_key: string;
    counter: number;
    /** JSON array of transports ("internal", "usb", "hybrid"…), as the browser reported them. */
    transports: string;
    name: string;
    /** "singleDevice" or "multiDevice" (synced), as the authenticator reported. */
    device_type: string;
    backed_up: number;
    created_at: string;
    last_used_at: string | null;
  };
  passkey_challenges: {
    challenge: string;
    /** "register" (then `user_id` is the account adding it) or "login". */
    purpose: string;
    user_id: number | null;
    expires_at: string;
  };
}

export type ChallengePurpose = "register" | "login";

/** A stored passkey with what verifying a sign-in needs. */
export interface StoredPasskey extends Passkey {
  userId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

export interface NewPasskey {
  id: string;
  userId: number;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  deviceType: string;
  backedUp: boolean;
}

export interface PasskeyStore {
  /** Keeps a new challenge for `purpose` until `expiresAt` (and forgets expired ones); false when too many are waiting. */
  addChallenge(challenge: string, purpose: ChallengePurpose, userId: number | null, expiresAt: Date): Promise<boolean>;
  /**
   * Uses up the challenge, atomically: true only once, only before it expires, only for the same
   * purpose and (for "register") the same account.
   */
  takeChallenge(challenge: string, purpose: ChallengePurpose, userId: number | null, now?: Date): Promise<boolean>;
  /** Stores a new passkey; false when that credential is stored already. */
  add(passkey: NewPasskey): Promise<boolean>;
  list(userId: number): Promise<Passkey[]>;
  find(id: string): Promise<StoredPasskey | undefined>;
  /** How many passkeys the account has (the two-factor policy counts one as a second factor). */
  count(userId: number): Promise<number>;
  /** Renames the account's passkey; false when it has none with that id. */
  rename(userId: number, id: string, name: string): Promise<boolean>;
  /** Removes the account's passkey; false when it has none with that id. */
  remove(userId: number, id: string): Promise<boolean>;
  /** Removes all the account's passkeys (`npm run admin -- reset-2fa`). */
  removeAll(userId: number): Promise<number>;
  /**
   * Notes a sign-in with the passkey, its counter now `counter`, atomically: false when the stored
   * counter is already as high (a cloned authenticator or a replay), unless both are 0 (an
   * authenticator that keeps no counter, as synced passkeys do).
   */
  use(id: string, counter: number, at: Date): Promise<boolean>;
}
