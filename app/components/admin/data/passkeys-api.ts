import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { Passkey, PasskeyList } from "#content/passkeys.ts";
import type { SignInAnswer } from "#content/two-factor.ts";
import { api } from "#app/lib/api.ts";

/**
 * The admin's calls to passkeys (docs/api.md; server/auth/passkeys/routes.ts), with the browser's
 * side of WebAuthn (@simplewebauthn/browser: the admin's chunk only, never the public pages').
 */

/** Whether this browser can use passkeys at all (the buttons are hidden where it cannot). */
export const passkeysSupported = () => typeof window !== "undefined" && browserSupportsWebAuthn();

/** What the browser says when the person cancels or the prompt times out, in plain words. */
function browserProblem(error: unknown): Error {
  const name = (error as { name?: string }).name;
  if (name === "NotAllowedError" || name === "AbortError")
    return new Error("The passkey prompt was closed or timed out. Please try again.");
  if (name === "InvalidStateError") return new Error("This device's passkey is added already.");
  return error instanceof Error ? error : new Error(String(error));
}

export const listPasskeys = async () => (await api<PasskeyList>("/api/auth/passkeys")).passkeys;

/** Makes a passkey on this device (the browser asks) and stores it; the server names it from the browser and system. */
export async function addPasskey(): Promise<Passkey> {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>("/api/auth/passkeys/options", {
    method: "POST",
  });
  const response = await startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw browserProblem(error);
  });
  return (await api<{ passkey: Passkey }>("/api/auth/passkeys", { method: "POST", json: { response } })).passkey;
}

export const renamePasskey = (id: string, name: string) =>
  api<{ passkey: Passkey }>(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: "PUT", json: { name } });

export const removePasskey = (id: string) =>
  api<unknown>(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });

/** Signs in with a passkey this device holds for the site (the browser offers them). */
export async function signInWithPasskey(): Promise<SignInAnswer> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>("/api/auth/passkey-login/options", {
    method: "POST",
  });
  const response = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw browserProblem(error);
  });
  return api<SignInAnswer>("/api/auth/passkey-login", { method: "POST", json: { response } });
}
