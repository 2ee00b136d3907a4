// Property-based fuzzing of the contact page's form post (POST /contact, the
// React Router action), on the production build in a child process. Each case
// checks: no 5xx; a valid message from a new address is stored exactly as
// typed (trimmed) and answered with a redirect to /done; anything else
// stores nothing.
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessageSchema, HONEYPOT_FIELD } from "#content/contact-message.ts";
import { signIn, tempDir } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { describeCase, fuzzAssert, fuzzParameters, oddString, propertyTimeout, protoKeys, send } from "./fuzz-kit.ts";

let server: BuiltServer;
let dataDir: string;
let cookie: string;

beforeAll(async () => {
  await ensureBuiltOnce();
  dataDir = tempDir("agency-fuzz-contact-");
  // Behind one (pretend) proxy: each case comes from an address of its own, so the contact throttle is tested only where asked.
  server = await startBuiltServer(dataDir, { TRUST_PROXY: "1" });
  cookie = await signIn(server.url);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Listed {
  total: number;
  messages: { name: string; email: string; company: string; message: string }[];
}

async function inbox(): Promise<Listed> {
  const answer = await send(`${server.url}/api/messages`, { headers: { Cookie: cookie } });
  expect(answer.status).toBe(200);
  const { total, messages } = answer.json as Listed;
  return { total, messages: messages.map(({ name, email, company, message }) => ({ name, email, company, message })) };
}

const fieldValue = fc.oneof(
  { weight: 3, arbitrary: fc.constant("ok") },
  { weight: 2, arbitrary: oddString },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
const valid = {
  name: "Nimal Perera",
  email: "nimal@example.lk",
  company: "Kandy Spice Co.",
  message: "Please help us launch our tea range.",
};

const form = fc.record({
  name: fieldValue,
  email: fc.oneof(
    fieldValue,
    fc.constantFrom("a@b", "nimal@example.lk\u0000", " nimal@example.lk ", "x".repeat(400) + "@example.lk"),
  ),
  company: fieldValue,
  message: fieldValue,
  honeypot: fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom("", "https://spam.example", "\u0000") },
  ),
  extra: fc.option(fc.tuple(fc.oneof(fc.constantFrom(...protoKeys), fc.constant("name")), oddString), {
    nil: undefined,
  }),
  encoding: fc.constantFrom("urlencoded", "urlencoded", "multipart"),
});

type Form = typeof form extends fc.Arbitrary<infer T> ? T : never;

const valueOf = (field: keyof typeof valid, value: string | undefined) => (value === "ok" ? valid[field] : value);

/** What the server will read: browsers' encodings make strings well formed, multipart turns line breaks into CRLF. */
function asReceived(value: string, encoding: string) {
  const wellFormed = value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  return encoding === "multipart" ? wellFormed.replace(/\r(?!\n)|(?<!\r)\n/g, "\r\n") : wellFormed;
}

function encode(input: Form): { body: string | FormData; type?: string; fields: Record<string, string> } {
  const entries: [string, string][] = [];
  for (const field of ["name", "email", "company", "message"] as const) {
    const value = valueOf(field, input[field]);
    if (value !== undefined) entries.push([field, value]);
  }
  if (input.honeypot !== undefined) entries.push([HONEYPOT_FIELD, input.honeypot]);
  if (input.extra) entries.push(input.extra);
  const fields: Record<string, string> = {};
  // The action reads only these fields, the first of each name.
  for (const [key, value] of entries) {
    if ([...Object.keys(valid), HONEYPOT_FIELD].includes(key) && !Object.hasOwn(fields, key))
      fields[key] = asReceived(value, input.encoding);
  }
  if (input.encoding === "multipart") {
    const data = new FormData();
    for (const [key, value] of entries) data.append(key, value);
    return { body: data, fields };
  }
  return { body: new URLSearchParams(entries).toString(), type: "application/x-www-form-urlencoded", fields };
}

let address = 0;
const nextAddress = () => `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;

/**
 * Posts the form. A body over the 64 KB limit is refused while it is still
 * being sent, so the connection may close before the client reads the 413:
 * counted as that refusal.
 */
async function post(body: string | FormData, headers: Record<string, string>) {
  const size =
    typeof body === "string"
      ? Buffer.byteLength(body)
      : await new Response(body).arrayBuffer().then((b) => b.byteLength);
  try {
    return await send(`${server.url}/contact`, {
      method: "POST",
      headers: { Origin: server.url, "X-Forwarded-For": nextAddress(), ...headers },
      body,
    });
  } catch (error) {
    if (size <= 64 * 1024) throw error;
    return {
      status: 413,
      contentType: "",
      text: `connection closed while sending ${size} bytes`,
      json: undefined,
      headers: new Headers(),
    };
  }
}

describe("POST /contact (the page's form)", () => {
  it(
    "stores a valid message exactly as typed and redirects to /done; stores nothing for anything else",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(form, async (input) => {
          const { body, type, fields } = encode(input);
          const before = await inbox();
          const what = `POST /contact ${input.encoding} ${describeCase(fields)}`;
          const answer = await post(body, type ? { "Content-Type": type } : {});
          expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500);
          const parsed = contactMessageSchema.safeParse(fields);
          const honeypot = fields[HONEYPOT_FIELD];
          const acceptable = parsed.success && (honeypot === undefined || honeypot === "");
          const after = await inbox();
          // Bodies over 64 KB are refused (413) before they are read; the multipart envelope adds a little.
          const bytes = Object.values(fields).reduce(
            (sum, value) => sum + Buffer.byteLength(encodeURIComponent(value)),
            0,
          );
          if (acceptable && bytes <= 60 * 1024) {
            expect(answer.status, `${what}: a valid message was not accepted`).toBeGreaterThanOrEqual(300);
          }
          if (answer.status >= 300 && answer.status < 400) {
            expect(acceptable, `${what}: accepted a message that is not valid`).toBe(true);
            expect(answer.headers.get("location"), what).toMatch(/\/done$/);
            expect(after.total, `${what}: stored messages`).toBe(before.total + 1);
            expect(after.messages[0], `${what}: the stored message`).toEqual({ ...parsed.data });
          } else {
            expect(answer.status, what).toBeGreaterThanOrEqual(400);
            expect(after, `${what}: stored messages changed`).toEqual(before);
          }
        }),
        fuzzParameters(4),
      );
    },
    propertyTimeout(4),
  );

  it(
    "refuses bodies that are not a form, too large, or from another site, storing nothing",
    async () => {
      const validForm = new URLSearchParams(valid).toString();
      const raw = fc.oneof(
        fc.record({
          kind: fc.constant("foreign"),
          origin: fc.constantFrom("https://evil.example", "null", "http://127.0.0.1:1"),
        }),
        fc.record({
          kind: fc.constant("type"),
          type: fc.constantFrom(
            "application/json",
            "text/plain",
            "multipart/form-data",
            "multipart/form-data; boundary=x",
            "application/xml",
            "",
          ),
        }),
        fc.record({ kind: fc.constant("size"), bytes: fc.integer({ min: 65 * 1024, max: 2 * 1024 * 1024 }) }),
        fc.record({
          kind: fc.constant("malformed"),
          body: fc.constantFrom(
            "%",
            "name=%E0%A4%A&email=%ZZ",
            "=&=&&==",
            "name",
            "\u0000=\u0000",
            '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nNimal',
          ),
        }),
      );
      await fuzzAssert(
        fc.asyncProperty(raw, async (input) => {
          const before = await inbox();
          const what = `POST /contact ${JSON.stringify(input)}`;
          let answer;
          if (input.kind === "foreign") {
            answer = await post(validForm, {
              "Content-Type": "application/x-www-form-urlencoded",
              Origin: input.origin,
            });
            expect(answer.status, what).toBe(403);
          } else if (input.kind === "type") {
            const headers: Record<string, string> = input.type ? { "Content-Type": input.type } : {};
            answer = await post(
              input.type === "application/json"
                ? JSON.stringify(valid)
                : input.type.startsWith("multipart")
                  ? "--x\r\n"
                  : validForm,
              headers,
            );
          } else if (input.kind === "size") {
            answer = await post(`${validForm}&message=${"x".repeat(input.bytes)}`, {
              "Content-Type": "application/x-www-form-urlencoded",
            });
            expect(answer.status, what).toBe(413);
          } else {
            answer = await post(input.body, { "Content-Type": "application/x-www-form-urlencoded" });
          }
          expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500);
          expect(answer.status, what).toBeGreaterThanOrEqual(400);
          expect(await inbox(), `${what}: stored messages changed`).toEqual(before);
        }),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );
});
