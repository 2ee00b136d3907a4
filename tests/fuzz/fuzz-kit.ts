import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect } from "vitest";
import type { StoreDump } from "#server/backup/types.ts";
import type { TestServer } from "../helpers/api-server.ts";
import { tablesRows } from "../helpers/table-rows.ts";

/**
 * Shared pieces of the fuzz suites: run settings, hostile values, a JSON
 * writer that can place raw JSON text (1e400, -0, deep nesting) and own
 * `__proto__` keys, and the checks every answer must pass.
 */

/** Runs per property: small in `npm test`, FUZZ_RUNS=2000 in `npm run fuzz`. */
export const FUZZ_RUNS = Math.max(1, Number(process.env["FUZZ_RUNS"] ?? 12) || 12);
/** A fixed seed, so a failure repeats; FUZZ_SEED picks another (fast-check prints seed and path on failure). */
export const FUZZ_SEED = Number(process.env["FUZZ_SEED"] ?? 20_261_111) || 20_261_111;

/** fast-check parameters for one property: `weight` scales the runs of properties that cover more ground. */
export function fuzzParameters(weight = 1): { seed: number; numRuns: number; endOnFailure: boolean } {
  return {
    seed: FUZZ_SEED,
    numRuns: Math.max(1, Math.round(FUZZ_RUNS * weight)),
    endOnFailure: process.env["FUZZ_SHRINK"] !== "1",
  };
}

/** Vitest's time limit for one property: generous, and growing with FUZZ_RUNS. */
export const propertyTimeout = (weight = 1) => 30_000 + FUZZ_RUNS * weight * 400;

/** A JSON fragment written as is (numbers JSON.stringify cannot write, or deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
  toString() {
    return `raw(${this.text.length > 60 ? `${this.text.slice(0, 60)}…(${this.text.length})` : this.text})`;
  }
}

/** JSON text of `value`, with RawJson fragments in place and own `__proto__` keys kept. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  return `{${Object.keys(value)
    .map((key) => `${JSON.stringify(key)}:${toJson((value as Record<string, unknown>)[key])}`)
    .join(",")}}`;
}

/** An object with `key` as an own property, even `__proto__`. */
export function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

export type Path = (string | number)[];

/** Every path in a JSON document (objects, arrays and leaves; the root is []). */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const here = [prefix];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value && typeof value === "object") {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  }
  return here;
}

export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

/** A copy of `document` with the value at `path` replaced (the root too). */
export function setAt(document: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(document)) {
    const copy = [...document];
    copy[head as number] = setAt(copy[head as number], rest, replacement);
    return copy;
  }
  const source = document as Record<string, unknown>;
  return withOwnKey(source, String(head), setAt(source[head], rest, replacement));
}

/** The JSON type of a value as the server will see it. */
export function jsonType(value: unknown): string {
  if (value instanceof RawJson)
    return /^\s*[[]/.test(value.text) ? "array" : /^\s*[{]/.test(value.text) ? "object" : "number";
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

const longA = "x".repeat(100_000);

/** Strings that have broken servers and databases before. */
export const oddStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0000".repeat(1_000),
  "\ud800",
  "lone \udfff low",
  "\udbff\udfff",
  "\u202eevil\u202d RTL override",
  "مرحبا بالعالم",
  "\ufeffBOM",
  "\u2028\u2029",
  "\r\n\t\b\f\v",
  "🦄".repeat(50),
  "e\u0301\u0301\u0301 zalgo",
  "'; drop table documents; --",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "%00%ff%zz",
  "../../../../etc/passwd",
  "${{7*7}}{{7*7}}",
  '=HYPERLINK("http://evil")',
  "\\u0000",
  "https://\u0000example.lk",
  longA,
  `${longA}\u0000`,
  "ශ්‍රී ලංකා தமிழ்".repeat(2_000),
];

export const oddString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...oddStrings) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 100 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...oddStrings), fc.integer({ min: 1, max: 300 }))
      .map(([s, n]) => s.repeat(n).slice(0, 300_000)),
  },
);

/** Numbers as raw JSON text: beyond 32 and 53 bits, -0, overflow to Infinity, fractions. */
export const rawNumbers = [
  "2147483647",
  "2147483648",
  "-2147483649",
  "4294967296",
  "9007199254740991",
  "9007199254740992",
  "9007199254740993",
  "123456789012345678901234567890",
  "-0",
  "0.0",
  "1e400",
  "-1e400",
  "1e-400",
  "1.5",
  "0.1",
  "-1",
  "1E2",
];

export const rawNumber = fc.constantFrom(...rawNumbers).map((text) => new RawJson(text));

export const deepNesting = fc
  .tuple(fc.constantFrom("[", '{"a":'), fc.integer({ min: 50, max: 200_000 }))
  .map(
    ([open, depth]) =>
      new RawJson(
        open === "[" ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
      ),
  );

export const protoKeys = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
] as const;

/** An object with prototype-polluting keys. */
export const protoObject = fc
  .tuple(fc.constantFrom(...protoKeys), fc.constantFrom<unknown>({ polluted: true }, "x", 1, null, []))
  .map(([key, value]) => withOwnKey({}, key, value));

/** Any hostile JSON value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  rawNumber,
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, [], {}, [null], ["a", 1], { "": "" }),
  fc.double(),
  fc.integer(),
  protoObject,
  deepNesting,
  fc.array(oddString, { maxLength: 5 }),
);

/** Ids as a path segment: out of every integer range, not numbers at all, encoded tricks. */
export const hostileIds = fc.oneof(
  fc.constantFrom(
    "0",
    "-1",
    "1.5",
    "1e3",
    "2147483647",
    "2147483648",
    "4294967296",
    "9007199254740993",
    "999999999999999",
    "9999999999999999",
    "99999999999999999999",
    "abc",
    "%00",
    "%2e%2e",
    "１",
    "%20",
    "0x10",
    "__proto__",
    "constructor",
  ),
  fc.bigInt({ min: 0n, max: 10n ** 16n }).map(String),
);

/** The value an arbitrary generates. */
export type Generated<A> = A extends fc.Arbitrary<infer T> ? T : never;

/** `text` with each lone surrogate made U+FFFD, as the database layer stores it (docs/api.md). */
export const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** `text` as one path segment or query value: a lone surrogate (which encodeURIComponent cannot take) replaced, as a browser would. */
export const urlComponent = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, "\uFFFD"));

/**
 * Path segments that name no record: hostile ids, base64url-like tokens, and odd strings within
 * what an address may hold (Node answers longer request lines itself). Never empty nor a dot
 * segment ("%2e%2e"), which an address resolves away: that would name another endpoint.
 */
export const hostileSegment = fc
  .oneof(
    hostileIds,
    oddString.map(urlComponent).filter((s) => s.length < 6_000),
    fc.string({
      unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
      maxLength: 120,
    }),
  )
  .filter((segment) => !/^(\.|%2e){0,2}$/i.test(segment));

let addresses = 0;
/**
 * A client address this run has not used, for X-Forwarded-For to a server started with
 * TRUST_PROXY=1: the per-address throttles (sign-in's 50 failures in 15 minutes) then refuse no
 * case for the cases before it, and every case reaches the checks it is meant to fuzz.
 */
export function freshAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A JSON endpoint's body as a fuzz case sends it, and what kind of hostile it is. */
export interface HostileBody {
  /** "fields": the generated object; "stray-key": with an unknown or prototype key; "whole": any other JSON value instead; "malformed": no JSON. */
  kind: "fields" | "stray-key" | "whole" | "malformed";
  body: string;
  /** Another Content-Type than application/json ("" sends none). */
  type?: string;
}

/**
 * Hostile bodies for a JSON endpoint whose fields `fields` generates (valid and hostile values
 * mixed as the caller likes): the object as generated, with a key it does not have added (every
 * body schema of the API is strict), a hostile value instead of an object, or no JSON at all; now
 * and then sent as another content type.
 */
export function hostileJsonBody(fields: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<HostileBody> {
  const strayKey = fc.oneof(
    fc.constantFrom(...protoKeys),
    oddString.filter((s) => s.length < 1_000),
  );
  const body = fc.oneof(
    { weight: 5, arbitrary: fields.map((value) => ({ kind: "fields" as const, body: toJson(value) })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, strayKey, hostileValue)
        .filter(([value, key]) => !Object.hasOwn(value, key))
        .map(([value, key, extra]) => ({ kind: "stray-key" as const, body: toJson(withOwnKey(value, key, extra)) })),
    },
    { weight: 1, arbitrary: hostileValue.map((value) => ({ kind: "whole" as const, body: toJson(value) })) },
    {
      weight: 1,
      // Some of them parse as JSON (a body may start with a byte order mark, which JSON readers drop): those are "whole".
      arbitrary: malformedJson.map((text) => ({
        kind: parsesAsJson(text) ? ("whole" as const) : ("malformed" as const),
        body: text,
      })),
    },
  );
  const type = fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: badContentTypes });
  return fc.tuple(body, type).map(([sent, as]) => (as === undefined ? sent : { ...sent, type: as }));
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text.replace(/^\ufeff/, ""));
    return true;
  } catch {
    return false;
  }
}

/** Headers for a hostile body: its content type (JSON unless it names another; "" sends none). */
export function bodyHeaders(sent: HostileBody | undefined): Record<string, string> {
  if (!sent || sent.type === "") return {};
  return { "Content-Type": sent.type ?? "application/json" };
}

/** Whether the server must refuse `sent` for its shape alone, whatever the fields hold: a stray key, or another content type. */
export const refusedByShape = (sent: HostileBody) =>
  sent.kind === "stray-key" ||
  sent.kind === "malformed" ||
  (sent.type !== undefined && !/^application\/json\b/i.test(sent.type));

/**
 * What is stored, as a case may change it: every table a backup holds, the tables named in
 * `others` that backups leave out (sessions, invitations, challenges, the audit trail…) without
 * the columns named for them (those that move on their own, such as a session's last use), and
 * the images' files wherever they are kept (the media folder, or the media_files table on
 * PostgreSQL), as the table "media files" of their names (`<image id>/<file>`). Rows are keyed
 * by their first column.
 */
export interface StoredState {
  tables: Record<string, Record<string, unknown>[]>;
}

export async function readStoredState(
  server: TestServer,
  others: Record<string, readonly string[]>,
): Promise<StoredState> {
  const dump: StoreDump = await server.deps.store.backup.dump();
  const read = await tablesRows(server.dataDir, [...Object.keys(others), "media_files"]);
  const tables: StoredState["tables"] = { ...dump.tables };
  for (const [table, left] of Object.entries(others)) {
    tables[table] = read[table]!.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !left.includes(column))),
    ).sort((a, b) => (rowKey(a) < rowKey(b) ? -1 : rowKey(a) > rowKey(b) ? 1 : 0));
  }
  const inDatabase = read["media_files"]!.map((row) => `${String(row["media_id"])}/${String(row["name"])}`);
  tables["media files"] = [...mediaFolder(server.dataDir), ...inDatabase].sort().map((name) => ({ name }));
  return { tables };
}

/** The files in the media folder (`<image id>/<file>`; the images' folders too). */
function mediaFolder(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, "media"), { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
}

const rowKey = (row: Record<string, unknown>) => String(Object.values(row)[0]);

/** One table's changes: the keys of the rows added and removed, and of each changed row the columns that changed. */
export interface TableChanges {
  added?: string[];
  removed?: string[];
  changed?: Record<string, string[]>;
}

/** Every change from `before` to `after`, by table; tables without changes are left out (so {} is "nothing changed"). */
export function changesBetween(before: StoredState, after: StoredState): Record<string, TableChanges> {
  const changes: Record<string, TableChanges> = {};
  for (const table of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    const was = new Map((before.tables[table] ?? []).map((row) => [rowKey(row), row]));
    const now = new Map((after.tables[table] ?? []).map((row) => [rowKey(row), row]));
    const added = [...now.keys()].filter((key) => !was.has(key));
    const removed = [...was.keys()].filter((key) => !now.has(key));
    const changed: Record<string, string[]> = {};
    for (const [key, row] of now) {
      const old = was.get(key);
      if (!old) continue;
      const columns = Object.keys({ ...old, ...row }).filter((column) => !isDeepEqual(old[column], row[column]));
      if (columns.length > 0) changed[key] = columns.sort();
    }
    const found: TableChanges = {
      ...(added.length > 0 && { added }),
      ...(removed.length > 0 && { removed }),
      ...(Object.keys(changed).length > 0 && { changed }),
    };
    if (Object.keys(found).length > 0) changes[table] = found;
  }
  return changes;
}

/** The rows of `table` in `after` that `before` did not have. */
export function addedRows(before: StoredState, after: StoredState, table: string): Record<string, unknown>[] {
  const was = new Set((before.tables[table] ?? []).map(rowKey));
  return (after.tables[table] ?? []).filter((row) => !was.has(rowKey(row)));
}

const isDeepEqual = (a: unknown, b: unknown) => {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return JSON.stringify(a) === JSON.stringify(b);
};

/** The headers of an admin request made the way the admin panel makes it. */
export const adminHeaders = (cookie: string, origin: string, type = "application/json"): Record<string, string> => ({
  Cookie: cookie,
  Origin: origin,
  "Content-Type": type,
});

/** Bodies that are not JSON at all, with the JSON content type. */
export const malformedJson = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "{not json",
    '{"version":0,"data":',
    "null",
    "[]",
    '"just a string"',
    "1e400",
    "\u0000",
    '{"version":0,"data":{}}garbage',
    "{'single': 'quotes'}",
    '{"a":1,}',
    "\ufeff{}",
    `${"[".repeat(500_000)}`,
    `{"version":${"9".repeat(400)}}`,
  ),
  fc.string({ unit: "binary", maxLength: 300 }),
);

export const badContentTypes = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=zzz",
  "application/xml",
  "",
  "application/jsonp",
  "json",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  'application/json;;;charset="x',
);

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** The parsed body, when it is JSON. */
  json: unknown;
  headers: Headers;
}

/**
 * Sends a request on a connection of its own and reads the whole answer. A
 * fresh connection per case keeps the cases apart: after an answer sent before
 * a large body was read, the server may drop the kept-alive connection while
 * the next request is on it (reported separately: docs/testing.md "Fuzz and crash tests").
 */
export async function send(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, {
    redirect: "manual",
    ...init,
    headers: { ...(init.headers as Record<string, string>), Connection: "close" },
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text,
    json,
    headers: response.headers,
  };
}

/** What every API answer must be: never a 5xx, and errors as `{error: string}`. */
export function expectSoundApiAnswer(answer: Answer, what: string) {
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.contentType, `${what}: error content type`).toMatch(/^application\/json/);
    const error = (answer.json as { error?: unknown } | undefined)?.error;
    expect(typeof error, `${what}: error body ${answer.text.slice(0, 200)}`).toBe("string");
    expect((error as string).length).toBeGreaterThan(0);
  }
}

/**
 * fc.assert with a failure message people can read: hostile values are cut
 * short, and the seed to repeat the run is named.
 */
export async function fuzzAssert<Ts extends unknown[]>(
  property: fc.IAsyncPropertyWithHooks<Ts>,
  parameters: { seed: number; numRuns: number; endOnFailure: boolean },
) {
  const details = await fc.check(property, parameters);
  if (!details.failed) return;
  const example = details.counterexample ? details.counterexample.map(describeCase).join("\n  ") : "(none)";
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `Property failed after ${details.numRuns} run(s): seed ${details.seed}, path "${details.counterexamplePath}" ` +
      `(repeat with FUZZ_SEED=${details.seed} and the same FUZZ_RUNS).\nCounterexample:\n  ${example}\n${cause}`,
    { cause: details.errorInstance },
  );
}

/** A short description of a generated case for failure messages. */
export function describeCase(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : toJson(value);
  return text.length > 300 ? `${text.slice(0, 300)}…(${text.length} chars)` : text;
}
