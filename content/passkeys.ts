/**
 * Passkeys (WebAuthn; issue 28 item 4): what the passkey API (server/auth/passkeys/routes.ts)
 * accepts and answers, and the admin's dialog and sign-in form read. Shared by browser and server.
 * The browser's WebAuthn answers are checked for shape here and for meaning by
 * `@simplewebauthn/server` on the server.
 */
import { z } from "./zod.ts";

/** The longest name a passkey may have. */
export const PASSKEY_NAME_MAX = 60;

const passkeyName = z
  .string({ error: "Give the passkey a name." })
  .trim()
  .min(1, "Give the passkey a name.")
  .max(PASSKEY_NAME_MAX, `Keep the name to ${PASSKEY_NAME_MAX} characters or fewer.`)
  // A name is shown as text only; control characters (and a NUL, which PostgreSQL refuses) are not text.
  .refine(
    (value) => ![...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f),
    "Use letters, numbers and spaces in the name.",
  );

/** Base64url as WebAuthn's JSON encodes bytes; bounded so that a huge value is refused before it is decoded. */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "Not base64url.");

/**
 * The parts of a browser's credential answer the server reads. The browser (and
 * @simplewebauthn/browser) may add fields of newer WebAuthn versions: those are let through as
 * they are, and ignored.
 */
const credentialBase = {
  id: b64url(1_400).min(1),
  rawId: b64url(1_400).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.looseObject({}),
};

const RESPONSE_REQUIRED = "Send the passkey's answer (response) from the browser.";

const registrationResponse = z.looseObject(
  {
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: b64url(8_000).min(1),
      attestationObject: b64url(64_000).min(1),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
  },
  { error: RESPONSE_REQUIRED },
);

const authenticationResponse = z.looseObject(
  {
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: b64url(8_000).min(1),
      authenticatorData: b64url(8_000).min(1),
      signature: b64url(8_000).min(1),
      userHandle: b64url(200).optional(),
    }),
  },
  { error: RESPONSE_REQUIRED },
);

/** `POST /api/auth/passkeys {response, name?}`: the browser's answer to the registration options. */
export const addPasskeySchema = z.strictObject({
  response: registrationResponse,
  name: passkeyName.optional(),
});

/** `PUT /api/auth/passkeys/:id {name}`. */
export const renamePasskeySchema = z.strictObject({ name: passkeyName });

/** `POST /api/auth/passkey-login {response}`: the browser's answer to the authentication options. */
export const passkeyLoginSchema = z.strictObject({
  response: authenticationResponse,
});

/** A passkey as its owner sees it in the list. */
export interface Passkey {
  /** The credential's id (base64url). */
  id: string;
  name: string;
  createdAt: string;
  /** When it last signed in; null when it never has. */
  lastUsedAt: string | null;
}

/** `GET /api/auth/passkeys`: the signed-in account's own passkeys, the newest first. */
export interface PasskeyList {
  passkeys: Passkey[];
}
