import type { Generated } from "kysely";
import type { Role } from "#content/roles.ts";
import type { AuthTables } from "../types.ts";
import type { TwoFactorPolicy, TwoFactorStatus } from "#content/two-factor.ts";
import type { TwoFactorKeys } from "./crypto.ts";

/**
 * Two-factor sign-in's tables (0018-two-factor): its columns on `users`, the recovery codes and the
 * policy. Secrets are stored encrypted (./crypto.ts), recovery codes as hashes (./totp.ts).
 */
export interface TwoFactorTables {
  /** With its two-factor columns (server/auth/types.ts). */
  users: AuthTables["users"];
  two_factor_recovery_codes: {
    id: Generated<number>;
    user_id: number;
    code_hash: string;
    used_at: string | null;
  };
  /** One row per role that must use two-factor sign-in; a role without a row need not. */
  two_factor_policy: {
    role: string;
    required: number;
  };
  secrets: { name: string; value: string };
}

export interface TwoFactorStore {
  status(userId: number): Promise<TwoFactorStatus>;
  /** Whether the account has two-factor on, and whether its role must (one query, for every signed-in request). */
  requirement(userId: number): Promise<{ enabled: boolean; required: boolean }>;
  /** Keeps `secret` as the account's pending one (replacing any earlier one). */
  startEnrolment(userId: number, secret: string): Promise<void>;
  /** The pending secret, if any (undefined too when it cannot be decrypted). */
  pendingSecret(userId: number): Promise<string | undefined>;
  /**
   * Turns two-factor on with the pending secret `secret` (if it is still the pending one), `step` as the
   * last accepted, and these recovery code hashes replacing any earlier ones, in one transaction.
   */
  confirm(userId: number, secret: string, step: number, codeHashes: string[]): Promise<boolean>;
  /** The confirmed secret and the last accepted step; undefined when off (or the secret cannot be decrypted). */
  secret(userId: number): Promise<{ secret: string; lastStep: number | null } | undefined>;
  /** Records `step` as accepted unless it (or a later one) already was, atomically: false is a replay. */
  acceptStep(userId: number, step: number): Promise<boolean>;
  /** Uses up the recovery code with this hash, atomically: false when unknown or already used. */
  useRecoveryCode(userId: number, codeHash: string): Promise<boolean>;
  /** Turns two-factor off: no secret, pending one or recovery codes left. */
  turnOff(userId: number): Promise<void>;
  policy(): Promise<TwoFactorPolicy>;
  setPolicy(policy: TwoFactorPolicy): Promise<void>;
  /** This database's key (made on first use), for the sign-in's pending proof (./pending.ts). */
  keys(): Promise<TwoFactorKeys>;
}

export type { Role };
