import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey authenticator in software, for tests of the server's WebAuthn plumbing: one ES256 key
 * (P-256), attestation "none", and the bytes a browser and authenticator would send, built by hand
 * as WebAuthn Level 2 lays them out (§6.1 authenticator data, §6.5.4 the "none" attestation
 * object, §5.8.1 client data). The server checks them with @simplewebauthn/server, as it would a
 * real one. `origin`, `rpId` and `challenge` can be given wrong on purpose.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const UP = 0x01; // user present
const UV = 0x04; // user verified
const AT = 0x40; // attested credential data follows

export interface ClientOptions {
  /** The page's origin, as the browser puts it in the client data. */
  origin: string;
  /** The relying party's id (the site's host name). */
  rpId: string;
  challenge: string;
  /** The user was verified (fingerprint, PIN): on unless said. */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter: grows by one per assertion unless set. */
  counter = 0;
  userHandle = "";

  constructor() {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array) {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  /** The public key as COSE_Key (RFC 9053: EC2, ES256, P-256). */
  private coseKey() {
    const jwk = this.publicKey.export({ format: "jwk" });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
      ]),
    );
  }

  private clientData(type: "webauthn.create" | "webauthn.get", options: ClientOptions) {
    return JSON.stringify({ type, challenge: options.challenge, origin: options.origin, crossOrigin: false });
  }

  /** What navigator.credentials.create() gives the page, as JSON (RegistrationResponseJSON). */
  register(options: ClientOptions & { userHandle?: string }) {
    if (options.userHandle) this.userHandle = options.userHandle;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = UP | AT | (options.userVerified === false ? 0 : UV);
    const authData = this.authenticatorData(options.rpId, flags, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** What navigator.credentials.get() gives the page, as JSON (AuthenticationResponseJSON). */
  authenticate(options: ClientOptions & { counter?: number }) {
    this.counter = options.counter ?? this.counter + 1;
    const flags = UP | (options.userVerified === false ? 0 : UV);
    const authData = this.authenticatorData(options.rpId, flags, this.counter);
    const clientDataJSON = this.clientData("webauthn.get", options);
    // ECDSA over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded (node's default).
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
