import type {
  RecoveryCodes,
  SignInAnswer,
  TotpEnrolment,
  TwoFactorPolicy,
  TwoFactorStatus,
} from "#content/two-factor.ts";
import { api } from "#app/lib/api.ts";

/** The admin's calls to two-factor sign-in (docs/api.md; server/auth/two-factor/routes.ts). */

/** The second step of a sign-in: the app's code or a recovery code. */
export const signInWithCode = (code: string) =>
  api<SignInAnswer>("/api/auth/login/totp", { method: "POST", json: { code } });

export const twoFactorStatus = () => api<TwoFactorStatus>("/api/auth/totp");
export const startTwoFactor = () => api<TotpEnrolment>("/api/auth/totp", { method: "POST" });
export const confirmTwoFactor = (code: string) =>
  api<RecoveryCodes>("/api/auth/totp/confirm", { method: "POST", json: { code } });
export const turnOffTwoFactor = (password: string) =>
  api<unknown>("/api/auth/totp", { method: "DELETE", json: { password } });

export const loadTwoFactorPolicy = () => api<TwoFactorPolicy>("/api/auth/two-factor-policy");
export const saveTwoFactorPolicy = (policy: TwoFactorPolicy) =>
  api<TwoFactorPolicy>("/api/auth/two-factor-policy", { method: "PUT", json: policy });
