import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A text compressed once, with holes where a short per-response string goes
 * (the CSP nonce of a cached page), from which a valid gzip body is stitched
 * for each response without compressing the whole text again.
 *
 * Each stretch of text between holes is compressed as its own raw-deflate run,
 * ending with a sync flush (byte-aligned, not final; the last one ends the
 * stream). A hole becomes a "stored" (uncompressed) deflate block holding that
 * response's string, which must have the hole's length. A run may refer back
 * to earlier text (a preset dictionary: the text before it, with NUL bytes
 * where the holes are): the text has no NUL byte, so no match can reach into
 * a hole, and since every fill has the hole's length, the distances hold.
 *
 * The gzip trailer needs the CRC-32 of the whole text. CRC-32 is affine: for
 * texts of one length, crc(T0 ⊕ D) = crc(T0) ⊕ crc(D) ⊕ crc(0…0). With T0 the
 * text with zeros in the holes and D the fills alone, that makes
 * crc(text) = crc(T0) ⊕ S·(crc(fill) ⊕ crc(0ⁿ)) mod P, where S sums x^(8·bytes
 * after each hole) — one multiplication per response, whatever the size.
 */
export interface GzipTemplate {
  /** Compressed stretches; stretch i+1 follows hole i. */
  readonly parts: readonly Buffer[];
  readonly compressedBytes: number;
  /** Bytes of the whole text, fills included. */
  readonly textBytes: number;
  /** The length every fill must have. */
  readonly holeLength: number;
  /** CRC-32 of the text with zero bytes in the holes, of n zero bytes, and the sum of the holes' shifts. */
  readonly zeroFilledCrc: number;
  readonly zeroFillCrc: number;
  readonly holeShifts: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const MAX_HOLE_BYTES = 0xffff;
const WINDOW = 32 * 1024;

/** Compiles the stretches of a text whose holes each take `holeLength` ASCII characters. */
export function compileGzipTemplate(stretches: readonly string[], holeLength: number, level = 9): GzipTemplate {
  if (!Number.isInteger(holeLength) || holeLength < 0 || holeLength > MAX_HOLE_BYTES) throw new Error(`Bad hole length: ${holeLength}`);
  const raws = stretches.map((text) => Buffer.from(text, "utf8"));
  // A text with a NUL byte of its own could match a hole: then each run stands alone.
  const linked = raws.every((raw) => !raw.includes(0));
  const zeros = Buffer.alloc(holeLength);
  const parts: Buffer[] = [];
  let compressedBytes = 0;
  let history = Buffer.alloc(0);
  let zeroFilledCrc = 0;
  let holeShifts = 0;
  raws.forEach((raw, i) => {
    const last = i === raws.length - 1;
    const dictionary = linked && history.length > 0 ? history.subarray(-WINDOW) : undefined;
    const part = deflateRawSync(raw, { level, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH, ...(dictionary && { dictionary }) });
    parts.push(part);
    compressedBytes += part.length;
    zeroFilledCrc = crcOn(raw, zeroFilledCrc);
    if (!last) {
      if (linked) history = Buffer.concat([history, raw, zeros]).subarray(-WINDOW);
      zeroFilledCrc = crcOn(zeros, zeroFilledCrc);
      const after = raws.slice(i + 1).reduce((sum, r) => sum + r.length, 0) + (raws.length - i - 2) * holeLength;
      holeShifts ^= x2nmodp(after, 3);
    }
  });
  const holes = raws.length - 1;
  const textBytes = raws.reduce((sum, r) => sum + r.length, 0) + holes * holeLength;
  return { parts, compressedBytes, textBytes, holeLength, zeroFilledCrc, zeroFillCrc: crc32(zeros), holeShifts: holeShifts >>> 0 };
}

/** The gzip body of the template's text with `fill` (printable ASCII, the hole's length) in every hole. */
export function renderGzip(template: GzipTemplate, fill: string): Buffer<ArrayBuffer> {
  const n = template.holeLength;
  if (fill.length !== n) throw new Error(`This template's holes take ${n} characters.`);
  if (/[^\x20-\x7e]/.test(fill)) throw new Error("A template hole takes printable ASCII only.");
  const holes = template.parts.length - 1;
  const out: Buffer<ArrayBuffer> = Buffer.allocUnsafe(GZIP_HEADER.length + template.compressedBytes + holes * (5 + n) + 8);
  let at = GZIP_HEADER.copy(out, 0);
  template.parts.forEach((part, i) => {
    if (i > 0) {
      // A stored block: BFINAL=0, BTYPE=00 (then padding to the byte), LEN, NLEN, the bytes.
      out[at] = 0;
      out.writeUInt16LE(n, at + 1);
      out.writeUInt16LE(~n & 0xffff, at + 3);
      out.write(fill, at + 5, "latin1");
      at += 5 + n;
    }
    at += part.copy(out, at);
  });
  const crc = holes === 0 ? template.zeroFilledCrc : template.zeroFilledCrc ^ multmodp(template.holeShifts, crc32(fill) ^ template.zeroFillCrc);
  out.writeUInt32LE(crc >>> 0, at);
  out.writeUInt32LE(template.textBytes >>> 0, at + 4);
  return out;
}

/** zlib.crc32 continued over `bytes` (an empty buffer may have no data pointer, and zlib answers 0 for that). */
function crcOn(bytes: Buffer, crc: number): number {
  return bytes.length === 0 ? crc : crc32(bytes, crc);
}

// Polynomial arithmetic for CRC-32, after zlib's crc32.c (multmodp, x2nmodp).
const POLY = 0xedb88320;

/** a·b modulo the CRC-32 polynomial (bit-reflected). */
function multmodp(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

const X2N_TABLE: number[] = [];
{
  let p = 1 << 30; // x^1
  X2N_TABLE.push(p);
  for (let n = 1; n < 32; n++) X2N_TABLE.push((p = multmodp(p, p)));
}

/** x^(n·2^k) modulo the CRC-32 polynomial. */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multmodp(X2N_TABLE[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p >>> 0;
}
