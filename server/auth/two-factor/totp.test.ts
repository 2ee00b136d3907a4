import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { groupSecret, normalizeCode } from "#content/two-factor.ts";
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, timeStep, totpCode, totpUri } from "./totp.ts";

// RFC 6238 appendix B, SHA-1: the seed "12345678901234567890" (ASCII), 8-digit codes; apps use the last 6.
const RFC_SECRET = new Secret({ buffer: new TextEncoder().encode("12345678901234567890").buffer }).base32;
const VECTORS: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("at %i s the code is %s (its last six digits with six)", (seconds, code) => {
    const eight = new TOTP({ algorithm: "SHA1", digits: 8, period: 30, secret: Secret.fromBase32(RFC_SECRET) });
    expect(eight.generate({ timestamp: seconds * 1000 })).toBe(code);
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code.slice(2));
    expect(matchTotp(RFC_SECRET, code.slice(2), seconds * 1000, null)).toBe(Math.floor(seconds / 30));
  });

  it("accepts the step before and after now, not two away", () => {
    const now = 1_234_567_890_000;
    const step = timeStep(now);
    for (const delta of [-1, 0, 1]) {
      expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + delta * 30_000), now, null)).toBe(step + delta);
    }
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now, null)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now, null)).toBeUndefined();
  });

  it("refuses a code of the step last accepted or an older one (a replay), takes a later one", () => {
    const now = 1_234_567_890_000;
    const step = timeStep(now);
    const code = totpCode(RFC_SECRET, now);
    expect(matchTotp(RFC_SECRET, code, now, step)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, code, now, step + 1)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now, step)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now, step)).toBe(step + 1);
  });

  it("refuses what is not six digits", () => {
    const code = totpCode(RFC_SECRET, 59_000);
    for (const wrong of ["", `${code}0`, code.slice(1), "abcdef", ` ${code}`]) {
      expect(matchTotp(RFC_SECRET, wrong, 59_000, null)).toBeUndefined();
    }
  });

  it("makes 160-bit secrets and an otpauth address apps read", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, "owner@example.lk"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("Lanka Growth Partners");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(groupSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });
});

describe("recovery codes", () => {
  it("are ten different 80-bit codes, hashed as typed in any case, with or without dashes", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const [first] = codes as [string];
    expect(hashRecoveryCode(normalizeCode(first.toUpperCase().replaceAll("-", " ")))).toBe(
      hashRecoveryCode(normalizeCode(first)),
    );
    expect(hashRecoveryCode(normalizeCode(first))).not.toContain(normalizeCode(first));
  });
});
