// Property-based fuzzing of the media library's newer endpoints, the audit trail and translations
// (issue 39): an image's name and alt text per language, deleting images by id, uploads with
// hostile multipart bodies (kept to the request's shape: what the library stores of an image may
// change); the audit trail's filters and its CSV; pages and posts saved in Sinhala and Tamil with a
// hostile value at any path, hostile englishVersion and confirmed, and bad languages. Each case
// checks: no 5xx, errors as {error: string}, and the stored state (every backed-up table, plus
// what a backup leaves out: the audit trail, sessions…, and the images' files) unchanged on a
// refusal, or changed only as the 2xx answer says. FUZZ_RUNS scales the runs, FUZZ_SEED the seed.
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "#content/audit.ts";
import { defaultPosts, documentDefaults } from "#content/defaults.ts";
import { sectionKeys, type SectionKey } from "#content/sections.ts";
import {
  addedRows,
  changesBetween,
  describeCase,
  expectSoundApiAnswer,
  fuzzAssert,
  fuzzParameters,
  getAt,
  hostileJsonBody,
  hostileSegment,
  hostileValue,
  jsonType,
  oddString,
  pathsOf,
  propertyTimeout,
  protoKeys,
  rawNumber,
  refusedByShape,
  send,
  setAt,
  urlComponent,
  type Answer,
  type Path,
  type StoredState,
} from "./fuzz-kit.ts";
import { actionsAdded, FuzzSite, jsonBody, sentFields } from "./fuzz-site.ts";

let site: FuzzSite;
let tinyPng: Buffer;
/** The library's one image: named and described by the cases, never deleted. */
let imageId: string;

const cookie = () => site.cookieOf(site.owner);

beforeAll(async () => {
  site = await FuzzSite.start();
  tinyPng = await sharp({ create: { width: 6, height: 4, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(tinyPng)], { type: "image/png" }), "first.png");
  const uploaded = await send(`${site.url}/api/media`, {
    method: "POST",
    headers: { Cookie: site.owner.cookie, Origin: site.url },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.text}`);
  imageId = (uploaded.json as { id: string }).id;
}, 60_000);
afterAll(async () => {
  await site?.close();
});

/** Ids of the library's shape that name no image. */
const unknownImageId = fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 24, maxLength: 24 });
const languages = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(undefined, "en", "si", "ta") },
  { weight: 1, arbitrary: fc.constantFrom("SI", "si-LK", "", "fr", "__proto__", "en%00", "si ") },
  { weight: 1, arbitrary: oddString.filter((s) => s.length < 500) },
);
const isLanguage = (locale: string | undefined) => locale === undefined || ["en", "si", "ta"].includes(locale);
/** `?locale=` with the language as typed (encoded: an address would drop a trailing space, and take "&" apart). */
const query = (locale: string | undefined) => (locale === undefined ? "" : `?locale=${urlComponent(locale)}`);

describe("the media library", () => {
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("Team at the Colombo office", "  spaced  ", "ශ්‍රී ලංකා", "x".repeat(300)) },
    { weight: 2, arbitrary: oddString.filter((s) => s.length < 400) },
    { weight: 1, arbitrary: oddString },
    { weight: 1, arbitrary: hostileValue },
  );
  const fields = fc.record(
    {
      name: text,
      alt: text,
      decorative: fc.oneof({ weight: 3, arbitrary: fc.boolean() }, { weight: 1, arbitrary: hostileValue }),
    },
    { requiredKeys: [] },
  );

  it(
    "PUT /api/media/:id changes only the named image's name, alt text and mark, and refuses wrong types and languages",
    async () => {
      const target = fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: unknownImageId },
        { weight: 1, arbitrary: hostileSegment },
      );
      await fuzzAssert(
        fc.asyncProperty(target, languages, hostileJsonBody(fields), async (segment, locale, sent) => {
          const id = segment ?? imageId;
          const signedIn = await cookie();
          const before = await site.state();
          const what = `PUT /api/media/${id}${query(locale)} ${describeCase(sent)}`;
          const answer = await site.call("PUT", `/api/media/${id}${query(locale)}`, {
            cookie: signedIn,
            body: sent,
          });
          expectSoundApiAnswer(answer, what);
          const typed = sentFields(sent) ?? {};
          const wrongType =
            ("name" in typed && typeof typed["name"] !== "string") ||
            ("alt" in typed && typeof typed["alt"] !== "string") ||
            ("decorative" in typed && typeof typed["decorative"] !== "boolean");
          if (answer.status !== 200) {
            expect([400, 404, 413, 415], what).toContain(answer.status);
            return site.expectUnchanged(before, what);
          }
          expect(segment === undefined && isLanguage(locale), `${what}: accepted`).toBe(true);
          expect(refusedByShape(sent) || wrongType, `${what}: accepted a wrong type`).toBe(false);
          const after = await site.state();
          const changes = changesBetween(before, after);
          const columns = changes["media"]?.changed?.[imageId] ?? [];
          expect(changes, what).toEqual({
            ...(columns.length > 0 && { media: { changed: { [imageId]: columns } } }),
            audit_events: { added: [expect.any(String)] },
          });
          expect(["alt", "decorative", "name", "search", "updated_at"], what).toEqual(expect.arrayContaining(columns));
          expect(actionsAdded(before, after), what).toEqual(["media.describe"]);
          const row = after.tables["media"]!.find((r) => r["id"] === imageId)!;
          expect((answer.json as { name: string }).name, what).toBe(row["name"]);
        }),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );

  it(
    "POST /api/media/delete and DELETE /api/media/:id delete no image they do not name, and refuse hostile ids",
    async () => {
      const ids = fc.oneof(
        { weight: 2, arbitrary: fc.array(unknownImageId, { minLength: 1, maxLength: 20 }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom<unknown>(
            [],
            Array.from({ length: 501 }, (_, i) => i.toString(16).padStart(24, "0")),
            ["ABCDEF0123456789ABCDEF01"],
            ["0123456789abcdef0123456"],
            ["0123456789abcdef012345678"],
            "0123456789abcdef01234567",
            [null],
            [["0123456789abcdef01234567"]],
          ),
        },
        { weight: 1, arbitrary: fc.array(oddString, { maxLength: 5 }) },
        { weight: 1, arbitrary: hostileValue },
      );
      await fuzzAssert(
        fc.asyncProperty(
          hostileJsonBody(fc.record({ ids }, { requiredKeys: [] })),
          fc.oneof(unknownImageId, hostileSegment),
          async (sent, segment) => {
            const signedIn = await cookie();
            const before = await site.state();
            const what = `POST /api/media/delete ${describeCase(sent)}`;
            const answer = await site.call("POST", "/api/media/delete", { cookie: signedIn, body: sent });
            expectSoundApiAnswer(answer, what);
            if (answer.status === 200) {
              // Ids of images that do not exist: nothing deleted, nothing refused; the request is in the trail.
              expect(answer.json, what).toEqual({ deleted: [], refused: [] });
              const after = await site.state();
              expect(changesBetween(before, after), what).toEqual({ audit_events: { added: [expect.any(String)] } });
              expect(actionsAdded(before, after), what).toEqual(["media.delete"]);
            } else {
              expect([400, 413, 415], what).toContain(answer.status);
              await site.expectUnchanged(before, what);
            }
            const one = await site.state();
            const removeWhat = `DELETE /api/media/${segment}`;
            const removed = await site.call("DELETE", `/api/media/${segment}`, { cookie: signedIn });
            expectSoundApiAnswer(removed, removeWhat);
            expect(removed.status, removeWhat).toBe(404);
            await site.expectUnchanged(one, removeWhat);
          },
        ),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );

  /** An upload's parts: the field, its file name and type, and bytes (real images, cut, or none at all). */
  const file = fc.record({
    field: fc.constantFrom("file", "file", "File", "file[]", "files", "image", "", "__proto__"),
    name: fc.oneof(
      fc.constantFrom("a.png", "../../a.png", "a.png\u0000.txt", ""),
      oddString.filter((s) => s.length < 300),
    ),
    type: fc.constantFrom("image/png", "image/jpeg", "text/plain", "", "application/octet-stream"),
    bytes: fc.constantFrom(
      "png",
      "webp",
      "jpeg",
      "gif",
      "cut png",
      "cut jpeg",
      "png head only",
      "text",
      "html",
      "empty",
    ),
  });
  const imageBytes = async (kind: string): Promise<Buffer> => {
    const picture = sharp(tinyPng);
    const jpeg = await picture.clone().jpeg().toBuffer();
    switch (kind) {
      case "png":
        return tinyPng;
      case "webp":
        return picture.clone().webp().toBuffer();
      case "jpeg":
        return jpeg;
      case "gif":
        return picture.clone().gif().toBuffer();
      case "cut png":
        return tinyPng.subarray(0, Math.floor(tinyPng.length / 2));
      case "cut jpeg":
        return jpeg.subarray(0, Math.floor(jpeg.length / 2));
      case "png head only":
        return tinyPng.subarray(0, 33);
      case "text":
        return Buffer.from("just some text, not an image");
      case "html":
        return Buffer.from("<html><script>alert(1)</script></html>");
      default:
        return Buffer.alloc(0);
    }
  };
  /** Bodies that claim to be multipart and are not, or are cut short. */
  const brokenMultipart = fc.constantFrom(
    {
      type: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n',
    },
    {
      type: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file\r\n--x--\r\n',
    },
    { type: "multipart/form-data; boundary=x", body: "--x--\r\n" },
    { type: "multipart/form-data; boundary=" + "b".repeat(300), body: "--b\r\n\r\n" },
    { type: "multipart/form-data; boundary=\u00ff", body: "--\u00ff\r\n" },
    { type: "multipart/form-data", body: "" },
    { type: "multipart/mixed; boundary=x", body: "--x--\r\n" },
  );

  it(
    'POST /api/media stores one image for a real picture in the field "file", and nothing for anything else',
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          fc.oneof(
            { weight: 3, arbitrary: fc.array(file, { minLength: 1, maxLength: 3 }).map((files) => ({ files })) },
            { weight: 1, arbitrary: brokenMultipart },
          ),
          fc.option(
            fc.tuple(
              fc.constantFrom("file", "alt", "__proto__"),
              oddString.filter((s) => s.length < 1_000),
            ),
            {
              nil: undefined,
            },
          ),
          async (upload, extra) => {
            let body: FormData | string;
            let headers: Record<string, string> = { Cookie: await cookie(), Origin: site.url };
            let what: string;
            if ("files" in upload) {
              const form = new FormData();
              // A text field first: a "file" that is text is no file.
              if (extra) form.append(extra[0], extra[1]);
              for (const part of upload.files)
                form.append(
                  part.field,
                  new Blob([new Uint8Array(await imageBytes(part.bytes))], { type: part.type }),
                  part.name,
                );
              body = form;
              what = `POST /api/media ${describeCase(upload.files)} after the text field ${describeCase(extra ?? null)}`;
            } else {
              body = upload.body;
              headers = { ...headers, "Content-Type": upload.type };
              what = `POST /api/media as ${upload.type}: ${describeCase(upload.body)}`;
            }
            const before = await site.state();
            const answer = await send(`${site.url}/api/media`, { method: "POST", headers, body });
            expectSoundApiAnswer(answer, what);
            if (answer.status !== 201) {
              expect([400, 413, 415], what).toContain(answer.status);
              return site.expectUnchanged(before, what);
            }
            // Of several parts named "file", the last is read.
            const read = "files" in upload ? upload.files.filter((f) => f.field === "file").at(-1) : undefined;
            expect(["png", "webp", "jpeg", "gif"], `${what}: stored`).toContain(read?.bytes);
            const after = await site.state();
            const id = (answer.json as { id: string }).id;
            const changes = changesBetween(before, after);
            expect(Object.keys(changes).sort(), what).toEqual(["audit_events", "media", "media files"]);
            expect(changes["media"], what).toEqual({ added: [id] });
            expect(changes["media files"]!.removed, what).toBeUndefined();
            expect(
              addedRows(before, after, "media files").every((row) => String(row["name"]).startsWith(id)),
              what,
            ).toBe(true);
            expect(actionsAdded(before, after), what).toEqual(["media.upload"]);
          },
        ),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );
});

describe("the audit trail", () => {
  // Four of them within what a request line may hold (Node answers a longer one itself, 431).
  const odd = oddString.filter((s) => urlComponent(s).length < 3_000);
  const page = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("1", "2", "100000", "1e3", "0x10", " 2 ") },
    { weight: 1, arbitrary: fc.constantFrom("100001", "0", "-1", "1.5", "", "NaN", "Infinity", ...protoKeys) },
    { weight: 1, arbitrary: odd },
  );
  const actor = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom("owner@example.lk", "OWNER@example.lk", "", " ", "a".repeat(320), "a".repeat(321)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...protoKeys) },
    { weight: 2, arbitrary: odd },
  );
  const action = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...Object.keys(AUDIT_ACTIONS)) },
    { weight: 1, arbitrary: fc.constantFrom(...protoKeys, "sign-in ", "SIGN-IN", "") },
    { weight: 1, arbitrary: odd },
  );

  it(
    "GET /api/audit and /api/audit/export.csv answer a page or the CSV, 400 for a bad page or action, and store nothing but the export's entry",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          fc.constantFrom("/api/audit", "/api/audit/export.csv"),
          fc.record({ page, actor, action }, { requiredKeys: [] }),
          fc.option(fc.tuple(fc.constantFrom(...protoKeys, "page[]", "action[]", "%E0%A4%A"), odd), { nil: undefined }),
          async (path, asked, extra) => {
            const pairs = Object.entries(asked).map(([key, v]) => `${key}=${urlComponent(v)}`);
            if (extra) pairs.push(`${extra[0]}=${urlComponent(extra[1])}`);
            const url = `${path}?${pairs.join("&")}`;
            const signedIn = await cookie();
            const before = await site.state();
            const what = `GET ${describeCase(url)}`;
            const answer = await site.call("GET", url, { cookie: signedIn });
            expectSoundApiAnswer(answer, what);
            const page = asked.page === undefined ? 1 : Number(asked.page);
            // The export reads no page, but checks it as the list does.
            const badPage = !(Number.isInteger(page) && page >= 1 && page <= 100_000);
            const badAction = asked.action !== undefined && !Object.hasOwn(AUDIT_ACTIONS, asked.action);
            const badActor = asked.actor !== undefined && [...asked.actor.trim()].length > 320;
            if (badPage || badAction || badActor) expect(answer.status, `${what}: a bad filter`).toBe(400);
            else expect(answer.status, what).toBe(200);
            if (answer.status !== 200) return site.expectUnchanged(before, what);
            const after = await site.state();
            if (path === "/api/audit") {
              expect(answer.json, what).toMatchObject({ events: expect.any(Array), page });
              return site.expectUnchanged(before, what);
            }
            expect(answer.contentType, what).toMatch(/^text\/csv/);
            expect(changesBetween(before, after), what).toEqual({ audit_events: { added: [expect.any(String)] } });
            expect(actionsAdded(before, after), what).toEqual(["audit.export"]);
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );
});

describe("translations: PUT /api/content/:key?locale= and PUT /api/posts/:id?locale=", () => {
  const translated = fc.constantFrom("si", "ta");
  const badLanguage = fc.oneof(
    fc.constantFrom("", "SI", "si-LK", "fr", "en-US", "__proto__", "si%00", "ta "),
    oddString.filter((s) => s.length < 300),
  );
  const locale = fc.oneof({ weight: 6, arbitrary: translated }, { weight: 1, arbitrary: badLanguage });
  /** A translated text replaced: by an odd string (a translation may hold any text), or a value of any type. */
  const text = fc.oneof({ weight: 2, arbitrary: oddString }, { weight: 1, arbitrary: hostileValue });
  /** Stand-in for the English version the GET answered, put in at run time. */
  const SHOWN = "<the English version shown>";
  const englishVersion = fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constant(SHOWN) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(0, 1, 2, 99, 2_147_483_647, 2_147_483_648, 9_007_199_254_740_991),
    },
    { weight: 1, arbitrary: rawNumber },
    { weight: 1, arbitrary: hostileValue },
  );
  /** `confirmed`: text paths taken from the answer's `states` (put in at run time), made-up ones, or hostile values. */
  const STATED = "<a stated path>";
  const confirmed = fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.array(
        fc.oneof(
          fc.constant(STATED),
          oddString.filter((s) => s.length < 400),
        ),
        { maxLength: 4 },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        [],
        Array.from({ length: 1_001 }, () => STATED),
        [...protoKeys],
      ),
    },
    { weight: 1, arbitrary: hostileValue },
  );

  interface Translation {
    version: number;
    data: unknown;
    englishVersion: number;
    states: Record<string, string>;
  }

  /**
   * Sends a translation's save with one value made hostile and checks the answer: refused with
   * nothing stored, or saved as exactly one new version of that translation (its tables only, and
   * the trail), read back as answered.
   */
  async function checkTranslationSave(
    url: string,
    readUrl: string,
    tables: { all: string[]; revisions: string; owns: (row: Record<string, unknown>, language: string) => boolean },
    template: unknown,
    at: Path,
    value: unknown,
    language: string,
    extra: { englishVersion: unknown; confirmed: unknown },
  ) {
    const valid = language === "si" || language === "ta";
    const signedIn = await cookie();
    const current = (await site.call("GET", `${readUrl}?locale=${valid ? language : "si"}`, { cookie: signedIn }))
      .json as Translation;
    const stated = Object.keys(current.states);
    const confirmedPaths = Array.isArray(extra.confirmed)
      ? extra.confirmed.map((p, i) => (p === STATED ? (stated[i % Math.max(1, stated.length)] ?? "title") : p))
      : extra.confirmed;
    const body = {
      version: current.version,
      data: setAt(current.data, at, value),
      ...(extra.englishVersion !== undefined && {
        englishVersion: extra.englishVersion === SHOWN ? current.englishVersion : extra.englishVersion,
      }),
      ...(confirmedPaths !== undefined && { confirmed: confirmedPaths }),
    };
    const before = await site.state();
    const what = `PUT ${url}${query(language)} at ${at.join(".") || "(root)"} = ${describeCase(value)} englishVersion ${describeCase(extra.englishVersion ?? null)} confirmed ${describeCase(confirmedPaths ?? null)}`;
    const answer: Answer = await site.call("PUT", `${url}${query(language)}`, {
      cookie: signedIn,
      body: jsonBody(body),
    });
    expectSoundApiAnswer(answer, what);
    const original = getAt(template, at);
    const wrongType = jsonType(value) !== jsonType(original) && jsonType(original) !== "null" && original !== undefined;
    if (answer.status !== 200) {
      expect([400, 409, 413], what).toContain(answer.status);
      return site.expectUnchanged(before, what);
    }
    expect(valid, `${what}: saved in an unknown language`).toBe(true);
    expect(wrongType, `${what}: accepted a value of the wrong type`).toBe(false);
    const saved = answer.json as Translation;
    expect(saved.version, `${what}: version`).toBe(current.version + 1);
    const after = await site.state();
    const changes = changesBetween(before, after);
    expect(
      Object.keys(changes)
        .filter((table) => !tables.all.includes(table))
        .sort(),
      `${what}: other tables`,
    ).toEqual(["audit_events"]);
    expect(actionsAdded(before, after).length, what).toBe(1);
    // Every row added, changed or removed is this translation's; one new version of it.
    for (const table of tables.all) {
      const { added = [], removed = [], changed = {} } = changes[table] ?? {};
      const rowsOf = (state: StoredState, keys: string[]) =>
        state.tables[table]!.filter((row) => keys.includes(String(Object.values(row)[0])));
      const touched = [...rowsOf(after, [...added, ...Object.keys(changed)]), ...rowsOf(before, removed)];
      expect(
        touched.filter((row) => !tables.owns(row, language)),
        `${what}: ${table} changed beyond this translation`,
      ).toEqual([]);
    }
    expect(
      addedRows(before, after, tables.revisions).map((row) => Number(row["version"])),
      `${what}: new versions`,
    ).toEqual([saved.version]);
    const read = await site.call("GET", `${readUrl}${query(language)}`, { cookie: signedIn });
    expect(read.json, `${what}: read back`).toEqual(answer.json);
    return undefined;
  }

  const keysAndPaths = fc
    .constantFrom<SectionKey>(...sectionKeys)
    .chain((key) => fc.tuple(fc.constant(key), fc.constantFrom(...pathsOf(documentDefaults[key]))));

  it(
    "PUT /api/content/:key?locale= stores one new version of that language's texts, or refuses and stores nothing",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          keysAndPaths,
          text,
          locale,
          englishVersion,
          confirmed,
          async ([key, at], value, language, ev, conf) => {
            await checkTranslationSave(
              `/api/content/${key}`,
              `/api/content/${key}`,
              {
                all: ["documents", "revisions"],
                revisions: "revisions",
                owns: (row, l) => row["key"] === `${key}:${l}`,
              },
              documentDefaults[key],
              at,
              value,
              language,
              { englishVersion: ev, confirmed: conf },
            );
          },
        ),
        fuzzParameters(4),
      );
    },
    propertyTimeout(4),
  );

  const { id: _id, ...postTemplate } = defaultPosts[1]!;
  const postPaths = pathsOf(postTemplate);

  it(
    "PUT /api/posts/:id?locale= stores one new version of the post's translation, or refuses and stores nothing",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          fc.constantFrom(...postPaths),
          text,
          locale,
          englishVersion,
          confirmed,
          fc.oneof({ weight: 5, arbitrary: fc.constant("default-post-2") }, { weight: 1, arbitrary: hostileSegment }),
          async (at, value, language, ev, conf, id) => {
            if (id !== "default-post-2") {
              // Another id: nothing to read; the save itself must be refused.
              const signedIn = await cookie();
              const before: StoredState = await site.state();
              const what = `PUT /api/posts/${id}${query(language)}`;
              const answer = await site.call("PUT", `/api/posts/${id}${query(language)}`, {
                cookie: signedIn,
                body: jsonBody({ version: 0, data: postTemplate }),
              });
              expectSoundApiAnswer(answer, what);
              expect([400, 404], what).toContain(answer.status);
              return site.expectUnchanged(before, what);
            }
            return checkTranslationSave(
              `/api/posts/${id}`,
              `/api/posts/${id}`,
              {
                all: ["post_translations", "post_translation_revisions", "post_translation_addresses"],
                revisions: "post_translation_revisions",
                owns: (row, l) => row["post_id"] === id && row["locale"] === l,
              },
              postTemplate,
              at,
              value,
              language,
              { englishVersion: ev, confirmed: conf },
            );
          },
        ),
        fuzzParameters(3),
      );
    },
    propertyTimeout(3),
  );
});
