import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { SITE_NAME } from "#content/constants.ts";
import { RECOVERY_CODE_COUNT, TOTP_CODE } from "#content/two-factor.ts";

/** RFC 6238 as every authenticator app reads an otpauth:// address without options: SHA-1, 6 digits, 30 s. */
const PARAMS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
/** A code of the step before or after now is accepted too: a phone's clock a little off, a code typed late. */
const WINDOW = 1;

const totpOf = (secret: string, label = "") =>
  new TOTP({ ...PARAMS, issuer: SITE_NAME, label, secret: Secret.fromBase32(secret) });

/** A new secret: 160 random bits (RFC 4226's recommendation), in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address an app scans from the QR code. */
export const totpUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** The time step a moment falls in. */
export const timeStep = (now: number) => TOTP.counter({ period: PARAMS.period, timestamp: now });

/** The code of `secret` at `now` (tests and the e2e's "app"). */
export const totpCode = (secret: string, now = Date.now()) => totpOf(secret).generate({ timestamp: now });

/**
 * The time step whose code `code` is, within one step of `now`, and only if it is later than
 * `lastStep` (the step last accepted for the account): a code seen once is refused for good,
 * and so is any older one. Undefined when it matches none.
 */
export function matchTotp(secret: string, code: string, now: number, lastStep: number | null): number | undefined {
  if (!TOTP_CODE.test(code)) return undefined;
  const totp = totpOf(secret);
  const current = timeStep(now);
  // Oldest first: the same code twice in the window (one in a million) is taken at its first step.
  for (let delta = -WINDOW; delta <= WINDOW; delta++) {
    const step = current + delta;
    if (lastStep !== null && step <= lastStep) continue;
    if (totp.validate({ token: code, timestamp: now + delta * PARAMS.period * 1000, window: 0 }) === 0) return step;
  }
  return undefined;
}

/** Crockford's base32 without the look-alikes it already leaves out (no i, l, o, u). */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** One recovery code: 16 characters, 80 random bits, shown as xxxx-xxxx-xxxx-xxxx. */
function recoveryCode(): string {
  let code = "";
  for (let i = 0; i < 16; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code.match(/.{4}/g)!.join("-");
}

export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);

/**
 * The stored form of a recovery code (normalised: content/two-factor.ts normalizeCode). 80 random bits
 * need no slow hash to be safe from guessing, and a plain SHA-256 keeps them working in a backup
 * restored on another database (unlike the TOTP secrets, ./crypto.ts).
 */
export const hashRecoveryCode = (normalized: string) => createHash("sha256").update(normalized).digest("base64url");
