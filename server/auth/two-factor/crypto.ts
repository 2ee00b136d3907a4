import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * TOTP secrets are kept encrypted (AES-256-GCM) with a key made once per database in `secrets`
 * (0012-secrets), which backups leave out: a leaked backup (it holds the password hashes) does not
 * also hold what makes the second factor. The cost: a backup restored on another database cannot
 * decrypt them, so its accounts sign in with a recovery code, or `npm run admin -- reset-2fa`.
 * The same key signs the short-lived proof that a sign-in's password step passed (./pending.ts).
 */
export interface TwoFactorKeys {
  encrypt(plain: string): string;
  /** Undefined when the text was not sealed with this key (another database's, or tampered with). */
  decrypt(sealed: string): string | undefined;
  sign(text: string): string;
  verify(text: string, signature: string): boolean;
}

const derive = (key: Buffer, purpose: string) => createHmac("sha256", key).update(purpose).digest();

export function twoFactorKeys(key: Buffer): TwoFactorKeys {
  const encryption = derive(key, "totp-secret-encryption");
  const signing = derive(key, "sign-in-pending");
  const sign = (text: string) => createHmac("sha256", signing).update(text).digest("base64url");
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encryption, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        "v1",
        iv.toString("base64url"),
        data.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
      ].join(":");
    },
    decrypt(sealed) {
      const [version, iv, data, tag] = sealed.split(":");
      if (version !== "v1" || !iv || !data || !tag) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", encryption, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return undefined;
      }
    },
    sign,
    verify(text, signature) {
      const expected = Buffer.from(sign(text));
      const actual = Buffer.from(signature);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

/** A new key for `secrets`. */
export const newTwoFactorKey = () => randomBytes(32).toString("base64url");
