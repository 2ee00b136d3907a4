/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238; issue 28 item 3): what the
 * two-factor API (server/auth/two-factor/routes.ts) accepts and answers, and the admin's dialog and
 * sign-in form read. Shared by browser and server.
 */
import { z } from "./zod.ts";
import { ROLES, type Role } from "./roles.ts";

/** How many one-time recovery codes an enrolment gives (all new ones each time). */
export const RECOVERY_CODE_COUNT = 10;

/** A code from the app: six digits; spaces (as some apps show "123 456") are ignored. */
export const TOTP_CODE = /^\d{6}$/;

/** What was typed in a code field, without spaces and dashes, lower-case: a TOTP code or a recovery code. */
export const normalizeCode = (typed: string) => typed.replace(/[\s-]/g, "").toLowerCase();

/** `{code}`: six digits from the app, or (at sign-in) a recovery code; checked against the account on the server. */
export const codeSchema = z.strictObject({
  code: z
    .string({ error: "Enter the code from your authenticator app." })
    .max(64, "That code is too long.")
    .transform(normalizeCode)
    .refine((code) => code.length > 0, "Enter the code from your authenticator app."),
});

/** `DELETE /api/auth/totp {password}`: turning two-factor off asks for the password. */
export const turnOffSchema = z.strictObject({
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(1_000),
});

/** Whether each role must sign in with two factors (set by an Administrator). */
export type TwoFactorPolicy = { required: Record<Role, boolean> };

/** `PUT /api/auth/two-factor-policy`: every role's switch, all at once. */
export const policySchema = z.strictObject({
  required: z.strictObject(
    Object.fromEntries(
      ROLES.map((role) => [role, z.boolean({ error: `required.${role} must be true or false.` })]),
    ) as {
      [R in Role]: z.ZodBoolean;
    },
  ),
});

/** `GET /api/auth/totp`: the signed-in account's two-factor sign-in. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** When it was turned on (ISO-8601), null when off. */
  enabledAt: string | null;
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
  /** The account's role must use it (the policy); while `enabled` is false the admin asks to set it up first. */
  required: boolean;
}

/** `POST /api/auth/totp`: a new secret to add to the app (pending until confirmed with a code). */
export interface TotpEnrolment {
  /** Base32, to type by hand. */
  secret: string;
  /** The otpauth:// address the QR code holds. */
  uri: string;
}

/** `POST /api/auth/totp/confirm`: shown once, never again. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/**
 * `POST /api/auth/login`: signed in, or the password was right and the app's code is asked next
 * ("totp"), or the account must sign in with its passkey ("passkey": its role must use two factors
 * and a passkey is its second; #content/passkeys.ts).
 */
export type SignInAnswer = { user: { email: string } } | { secondFactor: "totp" | "passkey" };

/** The secret in groups of four, as the admin shows it to type into an app by hand. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? "";

/** The refusal every other endpoint gives an account that must set up two-factor sign-in first (403). */
export const SETUP_REQUIRED =
  "Your account must use two-factor sign-in. Set it up with your authenticator app to continue.";
