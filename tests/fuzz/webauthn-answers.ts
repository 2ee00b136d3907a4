import fc from "fast-check";
import {
  getAt,
  hostileValue,
  oddString,
  pathsOf,
  protoKeys,
  setAt,
  toJson,
  withOwnKey,
  type Generated,
  type Path,
} from "./fuzz-kit.ts";

/**
 * Genuine WebAuthn answers (../helpers/software-authenticator.ts) altered one part at a time, for
 * the passkey suites: a hostile value at any path, a stray key, the client data, the signed bytes,
 * or a wrong origin, challenge, relying party, user verification or credential; and whether the
 * server must refuse the result.
 */

/** Parts of an answer that neither the authenticator signs nor the server checks: a hostile value there may still pass. */
const UNCHECKED: Path[] = [
  ["clientExtensionResults"],
  ["authenticatorAttachment"],
  ["response", "transports"],
  ["response", "userHandle"],
];
const unchecked = (at: Path) => UNCHECKED.some((prefix) => prefix.every((key, i) => at[i] === key));

export const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
/** Bytes that have broken CBOR decoders: lengths past the buffer, indefinite maps, deep arrays. */
const oddBytes = fc.oneof(
  fc.constantFrom(
    Buffer.alloc(0),
    Buffer.from([0xbf]),
    Buffer.from([0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.from([0xbb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.from([0x5b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.alloc(5_000, 0x81),
    Buffer.from([0xa1, 0x63, 0x66, 0x6d, 0x74, 0xf6]),
  ),
  fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
);

/** What is done to a genuine answer. */
export const alteration = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: "genuine" as const }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("value" as const), at: fc.nat(), value: hostileValue }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("stray key" as const),
      at: fc.nat(),
      key: fc.oneof(
        fc.constantFrom(...protoKeys),
        oddString.filter((s) => s.length < 200),
      ),
      value: hostileValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("client data" as const),
      field: fc.constantFrom("type", "challenge", "origin", "crossOrigin", "tokenBinding", ...protoKeys),
      value: hostileValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("client data text" as const),
      text: fc.constantFrom("", "{", "null", "[]", '"x"', "\u0000", '{"type":"webauthn.get"'.repeat(100)),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("bytes" as const),
      field: fc.constantFrom("attestationObject", "authenticatorData", "signature", "clientDataJSON"),
      how: fc.oneof(
        oddBytes.map((replace) => ({ replace })),
        fc.nat({ max: 300 }).map((keep) => ({ keep })),
        fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([at, xor]) => ({ at, xor })),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("wrong" as const),
      what: fc.constantFrom("origin", "challenge", "rpId", "not verified", "other credential", "replayed"),
    }),
  },
);
export type Alteration = Generated<typeof alteration>;
export type WebAuthnAnswer = Record<string, unknown>;

/**
 * `genuine` altered as `change` says (`wrong` makes a wrong answer, or none to send): the answer,
 * and whether the server must refuse it. At registration (attestation "none") nothing is signed:
 * only the client data's type, challenge and origin, the ids and the authenticator data's
 * contents are checked, so altered bytes or other client data may pass. At sign-in every byte of
 * the client data and authenticator data is signed.
 */
export function alterAnswer(
  genuine: WebAuthnAnswer,
  change: Alteration,
  signIn: boolean,
  wrong: () => WebAuthnAnswer | undefined,
): { response: WebAuthnAnswer; refused: boolean } {
  const altered = alteredAnswer(genuine, change, signIn, wrong);
  // An alteration that changed nothing (a value put back as it was): the genuine answer.
  return toJson(altered.response) === toJson(genuine) ? { response: genuine, refused: false } : altered;
}

function alteredAnswer(
  genuine: WebAuthnAnswer,
  change: Alteration,
  signIn: boolean,
  wrong: () => WebAuthnAnswer | undefined,
) {
  const inner = genuine["response"] as Record<string, string>;
  switch (change.kind) {
    case "genuine":
      return { response: genuine, refused: false };
    case "wrong": {
      const response = wrong();
      return response ? { response, refused: true } : { response: genuine, refused: false };
    }
    case "value": {
      const paths = pathsOf(genuine);
      const at = paths[change.at % paths.length]!;
      return { response: setAt(genuine, at, change.value) as WebAuthnAnswer, refused: !unchecked(at) };
    }
    case "stray key": {
      const objects = pathsOf(genuine).filter((p) => {
        const node = getAt(genuine, p);
        return node !== null && typeof node === "object" && !Array.isArray(node);
      });
      const at = objects[change.at % objects.length]!;
      const target = getAt(genuine, at) as WebAuthnAnswer;
      if (Object.hasOwn(target, change.key)) return { response: genuine, refused: false };
      return {
        response: setAt(genuine, at, withOwnKey(target, change.key, change.value)) as WebAuthnAnswer,
        refused: false,
      };
    }
    case "client data":
    case "client data text": {
      const data = JSON.parse(Buffer.from(inner["clientDataJSON"]!, "base64url").toString()) as WebAuthnAnswer;
      const text =
        change.kind === "client data text" ? change.text : toJson(withOwnKey(data, change.field, change.value));
      const checked = change.kind === "client data text" || ["type", "challenge", "origin"].includes(change.field);
      return {
        response: { ...genuine, response: { ...inner, clientDataJSON: b64(text) } },
        refused: signIn || checked,
      };
    }
    case "bytes": {
      if (!(change.field in inner)) return { response: genuine, refused: false };
      const bytes = Buffer.from(inner[change.field]!, "base64url");
      const how = change.how;
      const altered =
        "replace" in how
          ? how.replace
          : "keep" in how
            ? bytes.subarray(0, Math.min(how.keep, bytes.length - 1))
            : Buffer.from(bytes.map((byte, i) => (i === how.at % bytes.length ? byte ^ how.xor : byte)));
      return { response: { ...genuine, response: { ...inner, [change.field]: b64(altered) } }, refused: signIn };
    }
  }
}
