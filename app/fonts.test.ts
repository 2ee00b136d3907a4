import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * The fallback faces of app/app.css draw Sinhala and Tamil until (or instead of) the Noto files:
 * their ascent, descent and line-gap overrides must be the files' own, weight by weight, so a line
 * is as tall in either (docs/decisions/028-phone-typography.md). Read from the woff2 files the site
 * serves, so an upgrade of @fontsource that changes them fails here.
 */

const css = readFileSync(path.join(import.meta.dirname, "app.css"), "utf8");
const require = createRequire(import.meta.url);

interface Face {
  family: string;
  weight: string;
  descriptors: Map<string, string>;
}

const faces: Face[] = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => {
  const descriptors = new Map(
    [...body!.matchAll(/([\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [
      name!,
      value!.replace(/\s+/g, " ").trim(),
    ]),
  );
  return {
    family: descriptors.get("font-family")!.replace(/"/g, ""),
    weight: descriptors.get("font-weight")!,
    descriptors,
  };
});

/** The tables of a WOFF2 file, by tag (only those stored untransformed are usable as they are). */
function woff2Tables(file: string): Map<string, Buffer> {
  const bytes = readFileSync(file);
  const KNOWN = ["cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca"];
  const count = bytes.readUInt16BE(12);
  const compressedLength = bytes.readUInt32BE(20);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (;;) {
      const byte = bytes[at++]!;
      value = value * 128 + (byte & 127);
      if (!(byte & 128)) return value;
    }
  };
  const entries: { tag: string; length: number }[] = [];
  for (let index = 0; index < count; index++) {
    const flags = bytes[at++]!;
    let tag = KNOWN[flags & 63] ?? `#${flags & 63}`;
    if ((flags & 63) === 63) {
      tag = bytes.toString("latin1", at, at + 4);
      at += 4;
    }
    const version = flags >> 6;
    const original = base128();
    // glyf and loca are transformed unless version 3; every other table only when version is not 0.
    const transformed = tag === "glyf" || tag === "loca" ? version === 0 : version !== 0;
    entries.push({ tag, length: transformed ? base128() : original });
  }
  const data = brotliDecompressSync(bytes.subarray(at, at + compressedLength));
  const tables = new Map<string, Buffer>();
  let offset = 0;
  for (const { tag, length } of entries) {
    tables.set(tag, data.subarray(offset, offset + length));
    offset += length;
  }
  return tables;
}

/** Ascent, descent and line gap in % of the em, as Chromium lays lines out with them. */
function verticalMetrics(file: string) {
  const tables = woff2Tables(file);
  const unitsPerEm = tables.get("head")!.readUInt16BE(18);
  const os2 = tables.get("OS/2")!;
  const hhea = tables.get("hhea")!;
  const useTypo = (os2.readUInt16BE(62) & 0b1000_0000) !== 0;
  const [ascent, descent, lineGap] = useTypo
    ? [os2.readInt16BE(68), -os2.readInt16BE(70), os2.readInt16BE(72)]
    : [hhea.readInt16BE(4), -hhea.readInt16BE(6), hhea.readInt16BE(8)];
  const percent = (units: number) => `${+((units / unitsPerEm) * 100).toFixed(1)}%`;
  return { ascent: percent(ascent), descent: percent(descent), lineGap: percent(lineGap) };
}

describe.each(["Sinhala", "Tamil"])("Noto Sans %s's fallback faces", (script) => {
  const fallbacks = faces.filter((face) => face.family === `Noto Sans ${script} Fallback`);
  const real = faces.filter((face) => face.family === `Noto Sans ${script}`);

  it("exist for each weight of the real faces", () => {
    expect(fallbacks.map((face) => face.weight).sort()).toEqual(real.map((face) => face.weight).sort());
  });

  it.each(real.map((face) => [face.weight, face] as const))(
    "weight %s: the file's vertical metrics",
    (weight, face) => {
      const source = /url\("([^"]+)"\)/.exec(face.descriptors.get("src")!)![1]!;
      const measured = verticalMetrics(require.resolve(source));
      const fallback = fallbacks.find((candidate) => candidate.weight === weight)!;
      expect({
        ascent: fallback.descriptors.get("ascent-override"),
        descent: fallback.descriptors.get("descent-override"),
        lineGap: fallback.descriptors.get("line-gap-override"),
      }).toEqual(measured);
    },
  );
});
