// Property-based fuzzing of every write endpoint of the API with hostile input.
// Each generated case checks: no 5xx, errors as {error: string}, and the stored
// state (every backed-up table, read from the database) unchanged, or changed
// exactly as the 2xx answer says. FUZZ_RUNS scales the runs, FUZZ_SEED the seed.
import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultPosts, documentDefaults } from "#content/defaults.ts";
import type { PostRecord } from "#content/posts.ts";
import { blogPostSchema, documentSchemas } from "#content/schemas.ts";
import { AI_SETTINGS_KEY, sectionKeys, type DocumentKey } from "#content/sections.ts";
import type { StoreDump } from "#server/backup/types.ts";
import { submitContactMessage } from "#server/contact/submit.ts";
import { TEST_ADMIN, signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";
import { tableRows } from "../helpers/table-rows.ts";
import { startFakeAi, type FakeAi } from "#server/dev/fake-ai.ts";
import {
  adminHeaders,
  badContentTypes,
  describeCase,
  expectSoundApiAnswer,
  fuzzAssert,
  fuzzParameters,
  getAt,
  hostileIds,
  hostileValue,
  jsonType,
  malformedJson,
  oddString,
  pathsOf,
  propertyTimeout,
  protoKeys,
  rawNumber,
  RawJson,
  send,
  setAt,
  toJson,
  withOwnKey,
  type Answer,
  type Path,
} from "./fuzz-kit.ts";

let server: TestServer;
let fakeAi: FakeAi;
let cookie: string;

beforeAll(async () => {
  fakeAi = await startFakeAi();
  server = await startApiServer({
    GEMINI_API_KEY: "fuzz-key",
    GEMINI_BASE_URL: fakeAi.url,
    GEMINI_MODEL: "gemini-fuzz",
  });
  cookie = await signIn(server.url);
  for (const [i, name] of ["Nimal Perera", "Kamala Silva", "Ravi Kumar"].entries()) {
    const result = await submitContactMessage(
      server.deps,
      { name, email: `person${i}@example.lk`, company: "", message: "Seed message for the fuzz suite." },
      { ip: `203.0.113.${i + 1}`, userAgent: "fuzz" },
    );
    if (!result.ok) throw new Error(result.formError);
  }
});
afterAll(async () => {
  await server?.close();
  await fakeAi?.close();
});

const documentKeys: DocumentKey[] = [...sectionKeys, AI_SETTINGS_KEY];
const documentUrl = (key: DocumentKey) => (key === AI_SETTINGS_KEY ? "/api/ai-settings" : `/api/content/${key}`);
const pathsByKey = Object.fromEntries(documentKeys.map((key) => [key, pathsOf(documentDefaults[key])])) as Record<
  DocumentKey,
  Path[]
>;

const dump = () => server.deps.store.backup.dump();

function mediaFiles(): string[] {
  try {
    return readdirSync(path.join(server.dataDir, "media"), { recursive: true, encoding: "utf8" }).sort();
  } catch {
    return [];
  }
}

async function snapshot() {
  return { dump: await dump(), media: mediaFiles() };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

async function expectUnchanged(before: Snapshot, what: string) {
  const after = await snapshot();
  expect(after.dump, `${what}: stored state changed`).toEqual(before.dump);
  expect(after.media, `${what}: media files changed`).toEqual(before.media);
}

const rows = (d: StoreDump, table: string) => d.tables[table] ?? [];
const withoutTables = (d: StoreDump, ...names: string[]) =>
  Object.fromEntries(Object.entries(d.tables).filter(([name]) => !names.includes(name)));

/** The stored version of `key` (0 when never saved). */
const versionIn = (d: StoreDump, key: DocumentKey) =>
  Number(rows(d, "documents").find((r) => r["key"] === key)?.["version"] ?? 0);

/** An accepted save: exactly one new version of `key`, stored as answered; nothing else changed. */
async function expectSavedAsAnswered(before: Snapshot, key: DocumentKey, answer: Answer, what: string) {
  const after = await snapshot();
  const document = answer.json as { key: string; version: number; data: unknown };
  const previous = versionIn(before.dump, key);
  expect(document.version, `${what}: version`).toBe(previous + 1);
  expect(documentSchemas[key].safeParse(document.data).success, `${what}: the answered document is valid`).toBe(true);
  expect(withoutTables(after.dump, "documents", "revisions"), `${what}: other tables`).toEqual(
    withoutTables(before.dump, "documents", "revisions"),
  );
  expect(after.media).toEqual(before.media);
  const otherDocs = (d: StoreDump) => rows(d, "documents").filter((r) => r["key"] !== key);
  expect(otherDocs(after.dump)).toEqual(otherDocs(before.dump));
  const row = rows(after.dump, "documents").find((r) => r["key"] === key)!;
  expect(Number(row["version"])).toBe(document.version);
  expect(JSON.parse(String(row["data"])), `${what}: stored document`).toEqual(document.data);
  const newRevisions = rows(after.dump, "revisions").slice(rows(before.dump, "revisions").length);
  expect(rows(after.dump, "revisions").slice(0, rows(before.dump, "revisions").length)).toEqual(
    rows(before.dump, "revisions"),
  );
  expect(
    newRevisions.map((r) => [r["key"], Number(r["version"])]),
    `${what}: new revisions`,
  ).toEqual([[key, document.version]]);
  expect(JSON.parse(String(newRevisions[0]!["data"])), `${what}: stored revision`).toEqual(document.data);
  const read = await send(`${server.url}${documentUrl(key)}`, { headers: { Cookie: cookie } });
  expect((read.json as { version: number; data: unknown }).version).toBe(document.version);
  expect((read.json as { data: unknown }).data, `${what}: read back`).toEqual(document.data);
}

const admin = (type?: string) => adminHeaders(cookie, server.url, type);

async function currentDocument(key: DocumentKey) {
  const answer = await send(`${server.url}${documentUrl(key)}`, { headers: { Cookie: cookie } });
  return answer.json as { version: number; data: unknown };
}

/** Sends a document save and checks the answer and the stored state. */
async function checkSave(key: DocumentKey, body: string, what: string, mustRefuse: boolean) {
  const before = await snapshot();
  const answer = await send(`${server.url}${documentUrl(key)}`, { method: "PUT", headers: admin(), body });
  expectSoundApiAnswer(answer, what);
  if (answer.status === 200) {
    expect(mustRefuse, `${what}: accepted a value of the wrong type`).toBe(false);
    await expectSavedAsAnswered(before, key, answer, what);
  } else {
    expect([400, 409, 413], what).toContain(answer.status);
    await expectUnchanged(before, what);
  }
}

describe("PUT /api/content/:key and /api/ai-settings", () => {
  it(
    "refuses or stores exactly a document with one value replaced by a hostile one, at every path of every document",
    async () => {
      const keyAndPath = fc
        .constantFrom(...documentKeys)
        .chain((key) => fc.tuple(fc.constant(key), fc.constantFrom(...pathsByKey[key])));
      await fuzzAssert(
        fc.asyncProperty(keyAndPath, hostileValue, async ([key, at], value) => {
          const current = await currentDocument(key);
          const original = getAt(documentDefaults[key], at);
          const data = setAt(current.data, at, value);
          const body = toJson({ version: current.version, data });
          const what = `PUT ${key} at ${at.join(".") || "(root)"} = ${describeCase(value)}`;
          // A value of another JSON type than the default's must be refused (a list item may be any object: skip roots of items).
          const mustRefuse = jsonType(value) !== jsonType(original) && !(jsonType(original) === "null");
          await checkSave(key, body, what, mustRefuse);
        }),
        fuzzParameters(6),
      );
    },
    propertyTimeout(6),
  );

  it(
    "refuses unknown and prototype keys at every object of every document",
    async () => {
      const keyAndObject = fc
        .constantFrom(...documentKeys)
        .chain((key) =>
          fc.tuple(
            fc.constant(key),
            fc.constantFrom(...pathsByKey[key].filter((p) => jsonType(getAt(documentDefaults[key], p)) === "object")),
          ),
        );
      const extraKey = fc.oneof(
        fc.constantFrom(...protoKeys),
        oddString.filter((s) => s.length < 1_000),
      );
      await fuzzAssert(
        fc.asyncProperty(keyAndObject, extraKey, hostileValue, fc.boolean(), async ([key, at], name, value, inBody) => {
          const current = await currentDocument(key);
          const target = getAt(current.data, at) as Record<string, unknown>;
          const known = Object.hasOwn(target, name);
          const data = known ? current.data : setAt(current.data, at, withOwnKey(target, name, value));
          const body = inBody
            ? toJson(withOwnKey({ version: current.version, data }, name, value))
            : toJson({ version: current.version, data });
          const what = `PUT ${key} with key ${JSON.stringify(name)} at ${at.join(".") || "(root)"}${inBody ? " and in the body" : ""}`;
          // In the body, "version" and "data" replace the real ones: then it is just a hostile save.
          const replacesBodyField = inBody && (name === "version" || name === "data");
          await checkSave(key, body, what, !replacesBodyField && (!known || inBody));
        }),
        fuzzParameters(3),
      );
    },
    propertyTimeout(3),
  );

  it(
    "refuses hostile versions (beyond 32 and 53 bits, -0, 1e400, fractions, wrong types) without changing anything",
    async () => {
      const version = fc.oneof(
        rawNumber,
        hostileValue,
        fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }).map((n) => new RawJson(String(n))),
      );
      await fuzzAssert(
        fc.asyncProperty(fc.constantFrom(...documentKeys), version, async (key, value) => {
          const current = await currentDocument(key);
          const what = `PUT ${key} with version ${describeCase(value)}`;
          await checkSave(key, toJson({ version: value, data: current.data }), what, jsonType(value) !== "number");
        }),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );

  it(
    "answers malformed JSON bodies and wrong content types with a JSON error, changing nothing",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          fc.constantFrom(...documentKeys),
          malformedJson,
          fc.option(badContentTypes, { nil: undefined }),
          async (key, body, type) => {
            const before = await snapshot();
            const headers = type === undefined ? admin() : { ...admin(), "Content-Type": type };
            if (type === "") delete (headers as Record<string, string>)["Content-Type"];
            const what = `PUT ${key} body ${describeCase(body)} as ${type ?? "application/json"}`;
            const answer = await send(`${server.url}${documentUrl(key)}`, { method: "PUT", headers, body });
            expectSoundApiAnswer(answer, what);
            expect(answer.status, what).toBeGreaterThanOrEqual(400);
            await expectUnchanged(before, what);
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );
});

describe("POST /api/posts and PUT /api/posts/:id", () => {
  const { id: _id, ...postTemplate } = defaultPosts[1]!;
  const postPaths = pathsOf(postTemplate);
  const POST_TABLES = ["posts", "post_revisions", "post_addresses"];

  async function currentPost(): Promise<PostRecord> {
    return (await send(`${server.url}/api/posts/default-post-2`, { headers: { Cookie: cookie } })).json as PostRecord;
  }

  /** An accepted write: one post record at the answered version with one new revision; nothing else changed. */
  async function expectPostAsAnswered(before: Snapshot, answer: Answer, what: string) {
    const after = await snapshot();
    const record = answer.json as PostRecord;
    expect(blogPostSchema.safeParse(record.data).success, `${what}: the answered post is valid`).toBe(true);
    expect(withoutTables(after.dump, ...POST_TABLES), `${what}: other tables`).toEqual(
      withoutTables(before.dump, ...POST_TABLES),
    );
    const others = (d: StoreDump) => rows(d, "posts").filter((r) => r["id"] !== record.id);
    expect(others(after.dump), `${what}: other posts`).toEqual(others(before.dump));
    const row = rows(after.dump, "posts").find((r) => r["id"] === record.id)!;
    expect(Number(row["version"])).toBe(record.version);
    expect(JSON.parse(String(row["data"])), `${what}: stored post`).toEqual(record.data);
    const added = rows(after.dump, "post_revisions").filter(
      (r) => !rows(before.dump, "post_revisions").some((old) => old["id"] === r["id"]),
    );
    expect(
      added.map((r) => [r["post_id"], Number(r["version"])]),
      `${what}: new revisions`,
    ).toEqual([[record.id, record.version]]);
    const read = await send(`${server.url}/api/posts/${record.id}`, { headers: { Cookie: cookie } });
    expect(read.json, `${what}: read back`).toEqual(record);
  }

  it(
    "refuses or stores exactly a post with one value replaced by a hostile one, new or saved",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(fc.constantFrom(...postPaths), hostileValue, fc.boolean(), async (at, value, create) => {
          const current = await currentPost();
          const data = setAt(current.data, at, value);
          const what = `${create ? "POST /api/posts" : "PUT /api/posts/default-post-2"} at ${at.join(".") || "(root)"} = ${describeCase(value)}`;
          const before = await snapshot();
          const answer = create
            ? await send(`${server.url}/api/posts`, { method: "POST", headers: admin(), body: toJson({ data }) })
            : await send(`${server.url}/api/posts/default-post-2`, {
                method: "PUT",
                headers: admin(),
                body: toJson({ version: current.version, data }),
              });
          expectSoundApiAnswer(answer, what);
          const original = getAt(postTemplate, at);
          const mustRefuse = jsonType(value) !== jsonType(original) && jsonType(original) !== "null";
          if (answer.status === 200 || answer.status === 201) {
            expect(mustRefuse, `${what}: accepted a value of the wrong type`).toBe(false);
            await expectPostAsAnswered(before, answer, what);
          } else {
            expect([400, 409, 413], what).toContain(answer.status);
            await expectUnchanged(before, what);
          }
        }),
        fuzzParameters(6),
      );
    },
    propertyTimeout(6),
  );

  it(
    "answers hostile ids, versions and searches with a JSON error or an empty answer, changing nothing",
    async () => {
      await fuzzAssert(
        // Within what an address may hold (Node answers longer request lines itself).
        fc.asyncProperty(
          oddString.filter((s) => s.length < 2_000),
          fc.oneof(rawNumber, hostileValue),
          async (text, version) => {
            const before = await snapshot();
            const current = await currentPost();
            // A lone surrogate cannot be put in an address (encodeURIComponent throws): as a browser would, replace it.
            const id = encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, "\uFFFD"));
            for (const [method, url, body] of [
              ["GET", `/api/posts?query=${id}&page=1`, undefined],
              ["GET", `/api/posts?page=${id}`, undefined],
              ["GET", `/api/posts/${id}`, undefined],
              ["PUT", `/api/posts/${id}`, toJson({ version: current.version, data: current.data })],
              ["PUT", "/api/posts/default-post-2", toJson({ version, data: current.data })],
              ["DELETE", `/api/posts/${id}x`, undefined],
              ["POST", `/api/posts/${id}/revisions/1/restore`, toJson({ version })],
            ] as const) {
              const what = `${method} ${url} ${body ?? ""}`;
              const answer = await send(`${server.url}${url}`, {
                method,
                headers: admin(),
                ...(body === undefined ? {} : { body }),
              });
              expectSoundApiAnswer(answer, what);
              if (method !== "GET") {
                // Only a real version of a real post can change it; a replayed current save adds a version.
                if (answer.status === 200) continue;
                expect([400, 404, 409, 413], what).toContain(answer.status);
              }
            }
            const after = await snapshot();
            // Saves of the current version may have added versions of default-post-2; nothing else moved.
            expect(withoutTables(after.dump, ...POST_TABLES)).toEqual(withoutTables(before.dump, ...POST_TABLES));
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );
});

describe("PUT /api/previews/:token", () => {
  const TOKEN = "fuzz-preview-token-0001";
  const { id: _id, ...postTemplate } = defaultPosts[0]!;
  /** A document, or ("post") a post, of the draft, and a path in it. */
  const partAndPath = fc
    .constantFrom<DocumentKey | "post">(...documentKeys, "post")
    .chain((part) =>
      fc.tuple(fc.constant(part), fc.constantFrom(...(part === "post" ? pathsOf(postTemplate) : pathsByKey[part]))),
    );

  it(
    "refuses or stores a draft with one value replaced by a hostile one, never changing anything saved",
    async () => {
      const kept = { documents: { about: documentDefaults.about } };
      const first = await send(`${server.url}/api/previews/${TOKEN}`, {
        method: "PUT",
        headers: admin(),
        body: toJson(kept),
      });
      expect(first.status).toBe(200);
      await fuzzAssert(
        fc.asyncProperty(partAndPath, hostileValue, async ([part, at], value) => {
          const before = await snapshot();
          const previous = await server.deps.store.previews.get(TOKEN);
          const draft =
            part === "post"
              ? { post: { data: setAt(postTemplate, at, value) } }
              : { documents: { [part]: setAt(documentDefaults[part], at, value) } };
          const what = `PUT preview of ${part} at ${at.join(".") || "(root)"} = ${describeCase(value)}`;
          const answer = await send(`${server.url}/api/previews/${TOKEN}`, {
            method: "PUT",
            headers: admin(),
            body: toJson(draft),
          });
          expectSoundApiAnswer(answer, what);
          // A preview never touches saved content (nor anything else a backup holds).
          await expectUnchanged(before, what);
          const after = (await server.deps.store.previews.get(TOKEN))?.data as {
            documents?: Record<string, unknown>;
            post?: { data: unknown };
          };
          if (answer.status === 200) {
            const shown = part === "post" ? after.post?.data : after.documents?.[part];
            const schema = part === "post" ? blogPostSchema : documentSchemas[part];
            expect(schema.safeParse(shown).success, `${what}: the stored draft is valid`).toBe(true);
          } else {
            expect([400, 413], what).toContain(answer.status);
            expect(after, `${what}: the draft stored before`).toEqual(previous?.data);
          }
        }),
        fuzzParameters(3),
      );
    },
    propertyTimeout(3),
  );
});

describe("POST /api/content/:key/revisions/:version/restore", () => {
  const pathVersions = [
    "0",
    "1",
    "2",
    "00001",
    "2147483648",
    "4294967297",
    "9007199254740993",
    "99999999999999999999",
    "-1",
    "1.5",
    "1e3",
    "abc",
    "%00",
    "%2e%2e",
    "１",
  ];
  it(
    "restores only an existing version onto the current one, and refuses the rest without changing anything",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          fc.constantFrom(...documentKeys),
          fc.oneof(fc.constantFrom(...pathVersions), fc.nat({ max: 50 }).map(String)),
          fc.oneof(fc.constant("current"), rawNumber, hostileValue, fc.constant("no body")),
          async (key, at, version) => {
            const current = await currentDocument(key);
            const bodyVersion = version === "current" ? current.version : version;
            const body = version === "no body" ? "" : toJson({ version: bodyVersion });
            const before = await snapshot();
            const what = `restore ${key} ${at} with version ${describeCase(bodyVersion)}`;
            const answer = await send(`${server.url}${documentUrl(key)}/revisions/${at}/restore`, {
              method: "POST",
              headers: admin(),
              body,
            });
            expectSoundApiAnswer(answer, what);
            if (answer.status === 200) await expectSavedAsAnswered(before, key, answer, what);
            else await expectUnchanged(before, what);
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );
});

/** My own session still works: nothing a hostile request did signed the admin out. */
async function expectStillSignedIn(what: string) {
  const me = await send(`${server.url}/api/auth/me`, { headers: { Cookie: cookie } });
  expect(me.status, `${what}: the admin's session ended`).toBe(200);
}

const cookieValues = fc.oneof(
  fc.constantFrom(
    "",
    "session=",
    "session=forged-token",
    "session=%00",
    'session="quoted"',
    "session=a; session=b",
    `session=${"A".repeat(8_000)}`,
    "session=../../etc/passwd",
    "session=%E0%A4%A",
    "=; ;;",
    "__proto__=1; constructor=2",
  ),
  fc.string({ unit: "grapheme-ascii", maxLength: 200 }).map((s) => `session=${encodeURIComponent(s)}`),
);

describe("POST /api/auth/login, /setup, /logout", () => {
  const credentials = fc.oneof(
    fc.record({
      email: fc.oneof(oddString, fc.constant(TEST_ADMIN.email), hostileValue),
      password: fc.oneof(oddString, hostileValue),
    }),
    hostileValue,
    fc.record({ email: fc.constant(TEST_ADMIN.email), password: oddString, extra: hostileValue }),
    fc
      .constantFrom(...protoKeys)
      .map((key) => withOwnKey({ email: TEST_ADMIN.email, password: "x" }, key, { admin: true })),
  );

  it(
    "never signs anyone in with hostile credentials, and changes nothing",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          fc.constantFrom("/api/auth/login", "/api/auth/setup"),
          fc.oneof(
            credentials.map(toJson),
            credentials.map((c) =>
              toJson(
                withOwnKey(c && typeof c === "object" ? (c as Record<string, unknown>) : {}, "token", "forged-token"),
              ),
            ),
            malformedJson,
          ),
          fc.option(badContentTypes, { nil: undefined }),
          fc.option(cookieValues, { nil: undefined }),
          async (endpoint, body, type, sessionCookie) => {
            const before = await snapshot();
            const headers: Record<string, string> = { "Content-Type": type ?? "application/json", Origin: server.url };
            if (sessionCookie !== undefined) headers["Cookie"] = sessionCookie;
            const what = `POST ${endpoint} ${describeCase(body)} as ${type ?? "json"}`;
            const answer = await send(`${server.url}${endpoint}`, { method: "POST", headers, body });
            expectSoundApiAnswer(answer, what);
            expect(answer.status, what).toBeGreaterThanOrEqual(400);
            expect(
              answer.headers.getSetCookie().filter((c) => /^session=[^;]/.test(c)),
              `${what}: set a session`,
            ).toEqual([]);
            await expectUnchanged(before, what);
            await expectStillSignedIn(what);
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );

  it(
    "logs out with forged or malformed sessions without ending anyone else's",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          cookieValues,
          fc.oneof(malformedJson, hostileValue.map(toJson)),
          async (sessionCookie, body) => {
            const before = await snapshot();
            const what = `POST /api/auth/logout with Cookie ${describeCase(sessionCookie)}`;
            const answer = await send(`${server.url}/api/auth/logout`, {
              method: "POST",
              headers: { Cookie: sessionCookie, Origin: server.url, "Content-Type": "application/json" },
              body,
            });
            expectSoundApiAnswer(answer, what);
            await expectUnchanged(before, what);
            await expectStillSignedIn(what);
          },
        ),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );
});

const existingIds = async (table: string) => new Set(rows(await dump(), table).map((r) => Number(r["id"])));
const isOneOf = (segment: string, ids: Set<number>) => /^[0-9]+$/.test(segment) && ids.has(Number(segment));

describe("messages: read, unread, delete, restore", () => {
  it(
    "answers hostile message ids with a JSON 404 or 400, changing nothing",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          fc.constantFrom(["POST", "read"], ["POST", "unread"], ["DELETE", ""], ["POST", "restore"]),
          hostileIds,
          async ([method, action], id) => {
            fc.pre(!isOneOf(id, await existingIds("contact_messages")));
            const before = await snapshot();
            const url = `${server.url}/api/messages/${id}${action ? `/${action}` : ""}`;
            const what = `${method} ${url}`;
            const answer = await send(url, { method, headers: admin() });
            expectSoundApiAnswer(answer, what);
            expect(answer.status, what).toBeGreaterThanOrEqual(400);
            await expectUnchanged(before, what);
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );
});

describe("accounts: add, remove, change password", () => {
  const accountBody = fc.oneof(
    fc.record({ email: fc.oneof(oddString, hostileValue), password: fc.oneof(oddString, hostileValue) }),
    fc.record({ email: fc.constant(TEST_ADMIN.email), password: fc.constant("long enough password") }),
    fc.record({ email: fc.constant(TEST_ADMIN.email.toUpperCase()), password: fc.constant("long enough password") }),
    hostileValue,
    fc
      .constantFrom(...protoKeys)
      .map((key) => withOwnKey({ email: "new@example.lk", password: "long enough password" }, key, { admin: true })),
  );

  it(
    "adds an administrator only for a valid new email and password, else refuses and changes nothing",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(fc.oneof(accountBody.map(toJson), malformedJson), async (body) => {
          const before = await snapshot();
          const what = `POST /api/accounts ${describeCase(body)}`;
          const answer = await send(`${server.url}/api/accounts`, { method: "POST", headers: admin(), body });
          expectSoundApiAnswer(answer, what);
          if (answer.status === 201) {
            const after = await snapshot();
            expect(withoutTables(after.dump, "users")).toEqual(withoutTables(before.dump, "users"));
            const added = rows(after.dump, "users").slice(rows(before.dump, "users").length);
            expect(added.map((r) => r["email"])).toEqual([
              (answer.json as { account: { email: string } }).account.email,
            ]);
          } else await expectUnchanged(before, what);
        }),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );

  it(
    "answers hostile account ids with a JSON error, removing no one",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(hostileIds, async (id) => {
          fc.pre(!isOneOf(id, await existingIds("users")));
          const before = await snapshot();
          const what = `DELETE /api/accounts/${id}`;
          const answer = await send(`${server.url}/api/accounts/${id}`, { method: "DELETE", headers: admin() });
          expectSoundApiAnswer(answer, what);
          expect(answer.status, what).toBeGreaterThanOrEqual(400);
          await expectUnchanged(before, what);
          await expectStillSignedIn(what);
        }),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );

  it(
    "never changes the password without the current one",
    async () => {
      const body = fc.oneof(
        fc.record({
          currentPassword: fc.oneof(oddString, hostileValue),
          newPassword: fc.oneof(oddString, hostileValue),
        }),
        fc.record({
          currentPassword: fc.constant(TEST_ADMIN.password),
          newPassword: fc.oneof(
            oddString.filter((s) => s.length < 8),
            hostileValue.filter((v) => typeof v !== "string"),
          ),
        }),
        hostileValue,
      );
      await fuzzAssert(
        fc.asyncProperty(fc.oneof(body.map(toJson), malformedJson), async (text) => {
          const before = await snapshot();
          const what = `POST /api/accounts/password ${describeCase(text)}`;
          const answer = await send(`${server.url}/api/accounts/password`, {
            method: "POST",
            headers: admin(),
            body: text,
          });
          expectSoundApiAnswer(answer, what);
          expect(answer.status, what).toBeGreaterThanOrEqual(400);
          await expectUnchanged(before, what);
          await expectStillSignedIn(what);
        }),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );
});

describe("POST /api/media", () => {
  let tinyPng: Buffer;
  beforeAll(async () => {
    tinyPng = await sharp({ create: { width: 4, height: 3, channels: 3, background: { r: 200, g: 10, b: 10 } } })
      .png()
      .toBuffer();
  });

  /** A PNG whose header claims a huge picture (a decompression bomb's shape). */
  const bombHeader = () => {
    const png = Buffer.from(tinyPng);
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    return png;
  };

  const fileBytes = fc.oneof(
    fc.uint8Array({ maxLength: 2_000 }).map((b) => Buffer.from(b)),
    fc.constantFrom("png", "gif", "jpeg", "svg", "bomb", "truncated", "empty").map((kind) => kind),
    fc.tuple(fc.nat({ max: 200 }), fc.integer({ min: 0, max: 255 })).map(([at, byte]) => ({ flip: at, byte })),
  );

  const bytesOf = (spec: Buffer | string | { flip: number; byte: number }): Buffer => {
    if (Buffer.isBuffer(spec)) return spec;
    if (typeof spec === "object") {
      const copy = Buffer.from(tinyPng);
      copy[spec.flip % copy.length] = spec.byte;
      return copy;
    }
    switch (spec) {
      case "png":
        return Buffer.concat([tinyPng.subarray(0, 8), Buffer.from("garbage after the signature")]);
      case "gif":
        return Buffer.from("GIF89a\u0001\u0000\u0001\u0000garbage");
      case "jpeg":
        return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0]);
      case "svg":
        return Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
      case "bomb":
        return bombHeader();
      case "truncated":
        return tinyPng.subarray(0, tinyPng.length - 20);
      default:
        return Buffer.alloc(0);
    }
  };

  const rawMultipart = fc.constantFrom(
    { type: "multipart/form-data", body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc' },
    {
      type: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    },
    { type: "multipart/form-data; boundary=x", body: "no boundary here" },
    { type: "multipart/form-data; boundary=", body: "----\r\n\r\n" },
    {
      type: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="__proto__"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
    },
    {
      type: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="\u0000.png"\r\nContent-Type: image/png\r\n\r\n\u0000\r\n--x--\r\n',
    },
    { type: "image/png", body: "\u0089PNG" },
    { type: "application/json", body: '{"file":"x"}' },
    { type: "text/plain", body: "file=x" },
  );

  it(
    "refuses hostile uploads with a JSON error and stores nothing; stores a real image exactly once",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          fc.oneof(
            fc.record({
              field: fc.constantFrom("file", "file", "File", "files", "", "__proto__"),
              name: fc.oneof(
                fc.constantFrom("a.png", "../../x.png", "a.svg", ""),
                oddString.filter((s) => s.length < 300),
              ),
              type: fc.constantFrom("image/png", "image/svg+xml", "text/html", "", "application/octet-stream"),
              bytes: fileBytes,
            }),
            rawMultipart,
          ),
          async (upload) => {
            const before = await snapshot();
            let init: RequestInit;
            let what: string;
            if ("field" in upload) {
              const form = new FormData();
              const bytes = bytesOf(upload.bytes);
              form.append(upload.field, new Blob([new Uint8Array(bytes)], { type: upload.type }), upload.name);
              init = { method: "POST", headers: { Cookie: cookie, Origin: server.url }, body: form };
              what = `upload ${upload.field}=${describeCase(upload.name)} (${upload.type}, ${bytes.length} bytes ${bytes.subarray(0, 12).toString("hex")})`;
            } else {
              init = { method: "POST", headers: admin(upload.type), body: upload.body };
              what = `upload raw ${upload.type} ${describeCase(upload.body)}`;
            }
            const answer = await send(`${server.url}/api/media`, init);
            expectSoundApiAnswer(answer, what);
            if (answer.status === 201) {
              const after = await snapshot();
              expect(withoutTables(after.dump, "media")).toEqual(withoutTables(before.dump, "media"));
              const added = rows(after.dump, "media").filter(
                (r) => !rows(before.dump, "media").some((b) => b["id"] === r["id"]),
              );
              expect(added.map((r) => r["id"])).toEqual([(answer.json as { id: string }).id]);
            } else await expectUnchanged(before, what);
          },
        ),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );
});

describe("POST /api/chat/lead", () => {
  const text = fc.oneof(oddString, hostileValue);
  const lead = fc.record(
    {
      name: fc.oneof(fc.constant("Nimal Perera"), text),
      email: fc.oneof(fc.constant("nimal@example.lk"), text),
      note: text,
      transcript: fc.oneof(
        fc.array(fc.record({ sender: fc.constantFrom("user", "ai", "system", "__proto__"), text }), { maxLength: 40 }),
        hostileValue,
      ),
      page: fc.oneof(fc.constant("/services"), text),
      website_url: fc.oneof(fc.constant(""), text),
    },
    { requiredKeys: [] },
  );

  it(
    "answers hostile leads with a JSON error, or keeps exactly one message from the chat and nothing else",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          fc.oneof(lead.map(toJson), hostileValue.map(toJson), malformedJson),
          fc.option(badContentTypes, { nil: undefined }),
          async (body, type) => {
            // Each case on a fresh quota: past it every lead is a 429, and the accepted ones go untested.
            await server.deps.limits.publicForms.reset("contact:127.0.0.1");
            const before = await snapshot();
            const what = `POST /api/chat/lead ${describeCase(body)} as ${type ?? "json"}`;
            const answer = await send(`${server.url}/api/chat/lead`, {
              method: "POST",
              headers: { "Content-Type": type ?? "application/json", Origin: server.url },
              body,
            });
            expectSoundApiAnswer(answer, what);
            if (answer.status !== 201) return expectUnchanged(before, what);
            const after = await snapshot();
            expect(withoutTables(after.dump, "contact_messages"), `${what}: other tables`).toEqual(
              withoutTables(before.dump, "contact_messages"),
            );
            const added = rows(after.dump, "contact_messages").slice(rows(before.dump, "contact_messages").length);
            expect(
              added.map((row) => row["source"]),
              what,
            ).toEqual(["chat"]);
          },
        ),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );
});

/** A control character or a line break: never in a stored single-line field. */
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f\u2028\u2029]/;

describe("POST /api/chat and /api/ai/generate", () => {
  const history = fc.oneof(
    fc.array(
      fc.record({
        sender: fc.constantFrom("user", "ai", "system", "__proto__"),
        text: fc.oneof(oddString, hostileValue),
      }),
      { maxLength: 12 },
    ),
    hostileValue,
  );

  it(
    "answers hostile chat messages with a JSON error or a stream, never a 5xx, changing nothing stored",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          fc.oneof(
            fc
              .record(
                {
                  message: fc.oneof(oddString, hostileValue),
                  history,
                  // Stored with the conversation when valid: NUL and control characters included.
                  page: fc.oneof(fc.constantFrom("/", "/services", "/a\u0000b", "/a\r\nb"), oddString, hostileValue),
                  conversation: fc.oneof(oddString, hostileValue),
                },
                { requiredKeys: ["message"] },
              )
              .map(toJson),
            hostileValue.map(toJson),
            malformedJson,
          ),
          fc.option(badContentTypes, { nil: undefined }),
          async (body, type) => {
            const before = await snapshot();
            const what = `POST /api/chat ${describeCase(body)} as ${type ?? "json"}`;
            const answer = await send(`${server.url}/api/chat`, {
              method: "POST",
              headers: {
                "Content-Type": type ?? "application/json",
                Origin: server.url,
                "X-Forwarded-For": "198.51.100.9",
              },
              body,
            });
            const settings = (await currentDocument(AI_SETTINGS_KEY)).data as { chatDailyLimit: number };
            if (!(answer.status === 503 && settings.chatDailyLimit === 0)) expectSoundApiAnswer(answer, what);
            if (answer.status === 200) {
              expect(answer.contentType, what).toMatch(/^text\/event-stream/);
              expect(answer.text, what).not.toMatch(/^event: error$/m);
              // The conversation it was kept in: one line of clean text for its page, on both databases.
              for (const row of await tableRows(server.dataDir, "chat_conversations")) {
                expect(String(row["page"]), `${what}: stored page`).not.toMatch(CONTROL_OR_BREAK);
              }
            }
            await expectUnchanged(before, what);
          },
        ),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );

  it(
    "answers hostile draft requests with a JSON error or a draft, changing nothing stored",
    async () => {
      const body = fc.oneof(
        fc
          .record({
            task: fc.oneof(
              fc.constantFrom("feature-description", "service", "blog-description", "blog-content", "__proto__", ""),
              hostileValue,
            ),
            title: fc.oneof(oddString, hostileValue),
          })
          .map(toJson),
        hostileValue.map(toJson),
        malformedJson,
      );
      await fuzzAssert(
        fc.asyncProperty(body, async (text) => {
          const before = await snapshot();
          const what = `POST /api/ai/generate ${describeCase(text)}`;
          const answer = await send(`${server.url}/api/ai/generate`, { method: "POST", headers: admin(), body: text });
          expectSoundApiAnswer(answer, what);
          await expectUnchanged(before, what);
        }),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );
});

describe("conversations: list, read, export, delete", () => {
  it(
    "answers hostile ids and queries with a JSON error or an answer, deleting nothing but a real conversation",
    async () => {
      // One real conversation to keep (it must survive every hostile delete).
      await send(`${server.url}/api/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": "198.51.100.77" },
        body: toJson({ message: "Where is your office?", history: [], page: "/contact" }),
      });
      const conversations = () => tableRows(server.dataDir, "chat_conversations");
      await fuzzAssert(
        fc.asyncProperty(
          oddString.filter((s) => s.length < 2_000),
          async (text) => {
            const before = await conversations();
            const id = encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, "\uFFFD"));
            for (const [method, url] of [
              ["GET", `/api/conversations?query=${id}&page=1`],
              ["GET", `/api/conversations?page=${id}&filter=${id}`],
              ["GET", `/api/conversations/${id}`],
              ["GET", `/api/conversations/export.csv?query=${id}`],
              ["DELETE", `/api/conversations/${id}x`],
            ] as const) {
              const what = `${method} ${url}`;
              const answer = await send(`${server.url}${url}`, { method, headers: admin() });
              if (!url.includes("export.csv")) expectSoundApiAnswer(answer, what);
              else expect(answer.status, what).toBeLessThan(500);
            }
            expect(await conversations(), `${describeCase(text)}: conversations changed`).toEqual(before);
          },
        ),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );
});

describe("a post's dates: publishAt and date", () => {
  const { id: _id, ...template } = defaultPosts[1]!;
  const instant = fc.oneof(
    fc.constantFrom(
      "9999-12-31T23:59:59-23:59",
      "0000-01-01T00:00:00Z",
      "1999-12-31T23:59:59Z",
      "2000-01-01T00:00:00Z",
      "2100-12-31T23:59:59+05:30",
      "2101-01-01T00:00:00Z",
      "2030-02-30T10:00:00+05:30",
      "2030-01-01T10:00:00",
      "2030-01-01T10:00:00+05:30\u0000",
      "2030-01-01T10:00:00\n+05:30",
    ),
    fc
      .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2200-01-01T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString()),
    oddString,
  );
  const day = fc.oneof(
    fc.constantFrom("1999-12-31", "2000-01-01", "2100-12-31", "2101-01-01", "+10000-01-01", "2030-02-30"),
    instant.map((value) => value.slice(0, 10)),
  );

  it(
    "stores a post only with real dates between 2000 and 2100; the list, the post and the chat keep answering",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(fc.option(instant, { nil: undefined }), day, async (publishAt, date) => {
          const data = { ...template, title: "Dated Post", date, ...(publishAt === undefined ? {} : { publishAt }) };
          const what = `POST /api/posts date ${describeCase(date)} publishAt ${describeCase(publishAt ?? "")}`;
          const before = await snapshot();
          const answer = await send(`${server.url}/api/posts`, {
            method: "POST",
            headers: admin(),
            body: toJson({ data }),
          });
          expectSoundApiAnswer(answer, what);
          if (answer.status !== 201) {
            // 413: an odd string long enough to take the body past its 1 MB limit.
            expect([400, 413], what).toContain(answer.status);
            return expectUnchanged(before, what);
          }
          const record = answer.json as PostRecord;
          for (const value of [record.data.date, record.data.publishAt].filter((v) => v !== undefined)) {
            const year = new Date(value!).getUTCFullYear();
            expect(year >= 2000 && year <= 2100, `${what}: stored ${value}`).toBe(true);
          }
          for (const url of ["/api/posts", `/api/posts/${record.id}`, `/api/posts/${record.id}/revisions`]) {
            expect((await send(`${server.url}${url}`, { headers: admin() })).status, `${what}: GET ${url}`).toBe(200);
          }
          const chat = await send(`${server.url}/api/chat`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": "198.51.100.78" },
            body: toJson({ message: "Dated Post", history: [] }),
          });
          expect(chat.text, `${what}: the chat`).not.toMatch(/^event: error$/m);
          const removed = await send(`${server.url}/api/posts/${record.id}`, { method: "DELETE", headers: admin() });
          expect(removed.status, `${what}: delete`).toBe(200);
        }),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );
});

describe("every write endpoint refuses foreign sites and missing or forged sessions", () => {
  /** Each write endpoint with a body it would accept from the signed-in admin on this site. */
  const endpoints = async (): Promise<{ method: string; path: string; body?: string; admin: boolean }[]> => {
    const home = await currentDocument("home");
    const ai = await currentDocument(AI_SETTINGS_KEY);
    const messageId = [...(await existingIds("contact_messages"))][0];
    return [
      {
        method: "PUT",
        path: "/api/content/home",
        body: toJson({ version: home.version, data: home.data }),
        admin: true,
      },
      { method: "PUT", path: "/api/ai-settings", body: toJson({ version: ai.version, data: ai.data }), admin: true },
      {
        method: "POST",
        path: `/api/content/home/revisions/${Math.max(home.version, 1)}/restore`,
        body: toJson({ version: home.version }),
        admin: true,
      },
      { method: "POST", path: `/api/messages/${messageId}/read`, admin: true },
      { method: "POST", path: `/api/messages/${messageId}/unread`, admin: true },
      { method: "DELETE", path: `/api/messages/${messageId}`, admin: true },
      { method: "POST", path: `/api/messages/${messageId}/restore`, admin: true },
      {
        method: "POST",
        path: "/api/accounts",
        body: toJson({ email: "intruder@example.lk", password: "long enough password" }),
        admin: true,
      },
      { method: "DELETE", path: "/api/accounts/1", admin: true },
      {
        method: "POST",
        path: "/api/accounts/password",
        body: toJson({ currentPassword: TEST_ADMIN.password, newPassword: "hijacked password" }),
        admin: true,
      },
      { method: "POST", path: "/api/ai/generate", body: toJson({ task: "service", title: "SEO" }), admin: true },
      { method: "POST", path: "/api/media", body: "", admin: true },
      { method: "POST", path: "/api/auth/login", body: toJson(TEST_ADMIN), admin: false },
      {
        method: "POST",
        path: "/api/auth/setup",
        body: toJson({ token: "x", email: "a@example.lk", password: "long enough" }),
        admin: false,
      },
      { method: "POST", path: "/api/auth/logout", body: "", admin: false },
      { method: "POST", path: "/api/chat", body: toJson({ message: "hello" }), admin: false },
      {
        method: "POST",
        path: "/api/chat/lead",
        body: toJson({ name: "Nimal", email: "nimal@example.lk", transcript: [], page: "/" }),
        admin: false,
      },
    ];
  };

  it(
    "refuses each with 403 (foreign Origin or cross-site fetch) or 401 (no or forged session), changing nothing",
    async () => {
      const list = await endpoints();
      const attack = fc.oneof(
        fc.record({
          kind: fc.constant("foreign" as const),
          origin: fc.constantFrom(
            "https://evil.example",
            "null",
            `${server.url}.evil.example`,
            server.url.replace("127.0.0.1", "localhost"),
            "http://127.0.0.1:1",
          ),
        }),
        fc.constant({ kind: "cross-site" as const }),
        fc.record({ kind: fc.constant("session" as const), cookie: fc.option(cookieValues, { nil: undefined }) }),
      );
      await fuzzAssert(
        fc.asyncProperty(fc.nat({ max: list.length - 1 }), attack, async (index, how) => {
          const endpoint = list[index]!;
          fc.pre(how.kind !== "session" || endpoint.admin);
          const headers: Record<string, string> = { "Content-Type": "application/json" };
          if (how.kind === "foreign") Object.assign(headers, { Origin: how.origin, Cookie: cookie });
          if (how.kind === "cross-site") Object.assign(headers, { "Sec-Fetch-Site": "cross-site", Cookie: cookie });
          if (how.kind === "session" && how.cookie !== undefined) headers["Cookie"] = how.cookie;
          const before = await snapshot();
          const what = `${endpoint.method} ${endpoint.path} with ${JSON.stringify(how)}`;
          const answer = await send(`${server.url}${endpoint.path}`, {
            method: endpoint.method,
            headers,
            body: endpoint.body || undefined,
          });
          expectSoundApiAnswer(answer, what);
          expect(answer.status, what).toBe(how.kind === "session" ? 401 : 403);
          await expectUnchanged(before, what);
          await expectStillSignedIn(what);
        }),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );
});

describe("POST /api/analytics/view (the page-view beacon)", () => {
  const paths = fc.oneof(
    oddString,
    fc.constantFrom("/", "/services", "/blog/page/1", "/blog/page/99999", "/blog/%E0%A4%A", "/blog/../admin", "//x"),
    fc.webPath(),
    malformedJson,
  );

  it(
    "counts only a public page's path, refuses anything else with a JSON error, and stores nothing for it",
    async () => {
      const events = () => tableRows(server.dataDir, "analytics_events");
      await fuzzAssert(
        fc.asyncProperty(paths, async (body) => {
          await server.deps.insights.flush();
          const before = await events();
          const what = `POST /api/analytics/view ${describeCase(body)}`;
          const answer = await send(`${server.url}/api/analytics/view`, {
            method: "POST",
            headers: {
              Origin: server.url,
              "Content-Type": "text/plain;charset=UTF-8",
              "User-Agent": "Mozilla/5.0 Fuzz",
            },
            body,
          });
          expectSoundApiAnswer(answer, what);
          await server.deps.insights.flush();
          const after = await events();
          if (answer.status === 204) expect(["/", "/services"], what).toContain(body.trim());
          else expect(after, what).toEqual(before);
        }),
        fuzzParameters(),
      );
    },
    propertyTimeout(),
  );
});
