// Property-based fuzzing of the account endpoints added since ./api-writes.test.ts (issue 39):
// invitations (made, revoked, read and accepted), who must use two-factor sign-in, signing out one
// session and confirming the password again, with hostile bodies, content types, tokens and path
// ids. Each case checks: no 5xx, errors as {error: string}, and the stored state (every backed-up
// table, plus the sessions, invitations, account mails, passkey challenges and audit trail a
// backup leaves out) unchanged on a refusal, or changed exactly as the 2xx answer says.
// Two-factor sign-in and passkeys: ./api-second-factor.test.ts. FUZZ_RUNS scales the runs,
// FUZZ_SEED the seed.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_TTL_MS, type InvitationCreated } from "#content/invitations.ts";
import { ROLES } from "#content/roles.ts";
import { signIn, TEST_ADMIN } from "../helpers/api-server.ts";
import {
  addedRows,
  changesBetween,
  describeCase,
  expectSoundApiAnswer,
  fuzzAssert,
  fuzzParameters,
  hostileJsonBody,
  hostileSegment,
  hostileValue,
  oddString,
  propertyTimeout,
  protoKeys,
  refusedByShape,
  withOwnKey,
  type Generated,
} from "./fuzz-kit.ts";
import { actionsAdded, FuzzSite, sentFields, sessionSet, storedSession, type FuzzAccount } from "./fuzz-site.ts";

let site: FuzzSite;
/** An account of another person: its sessions are never the owner's to end. */
let someoneElse: FuzzAccount;

beforeAll(async () => {
  site = await FuzzSite.start();
  someoneElse = await site.addAccount("someone@example.lk", "editor");
}, 60_000);
afterAll(async () => {
  await site?.close();
});

let made = 0;

/** An invitation made straight in the store (making them through the API is fuzzed below): its token and record. */
async function invitation(kind: "pending" | "revoked" | "accepted" | "expired") {
  made += 1;
  const token = randomBytes(32).toString("base64url");
  const { invitations } = site.deps.store;
  const created = await invitations.create({
    email: `accept${made}@example.lk`,
    role: "writer",
    invitedBy: site.owner.id,
    token,
    expiresAt: new Date(Date.now() + (kind === "expired" ? -1_000 : INVITATION_TTL_MS)),
  });
  if (created === "taken") throw new Error("taken");
  if (kind === "revoked") await invitations.revoke(created.id);
  if (kind === "accepted") await invitations.accept(token, "scrypt$not-a-hash");
  return { token, id: created.id, email: created.email, role: created.role };
}

describe("invitations", () => {
  const invitee = fc.nat({ max: 30 }).map((n) => `invitee${n}@example.lk`);
  const email = fc.oneof(
    { weight: 3, arbitrary: invitee },
    { weight: 1, arbitrary: invitee.map((e) => e.toUpperCase()) },
    { weight: 1, arbitrary: invitee.map((e) => ` ${e} `) },
    { weight: 1, arbitrary: fc.constantFrom(TEST_ADMIN.email, TEST_ADMIN.email.toUpperCase(), "someone@example.lk") },
    { weight: 2, arbitrary: oddString },
    { weight: 1, arbitrary: hostileValue },
  );
  const role = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ROLES) },
    { weight: 1, arbitrary: fc.constantFrom("Administrator", "owner", "__proto__", "", "editor ") },
    { weight: 1, arbitrary: hostileValue },
  );

  it(
    "POST /api/invitations invites a valid new address with a role, replacing its open invitation; refuses the rest",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(hostileJsonBody(fc.record({ email, role }, { requiredKeys: [] })), async (sent) => {
          const cookie = await site.cookieOf(site.owner);
          const before = await site.state();
          const what = `POST /api/invitations ${describeCase(sent)}`;
          const answer = await site.call("POST", "/api/invitations", { cookie, body: sent });
          expectSoundApiAnswer(answer, what);
          if (answer.status !== 201) {
            expect([400, 409, 413, 415], what).toContain(answer.status);
            return site.expectUnchanged(before, what);
          }
          expect(refusedByShape(sent), `${what}: accepted`).toBe(false);
          const after = await site.state();
          const created = (answer.json as InvitationCreated).invitation;
          // Mail is not set up: no e-mail is queued, the link is answered to copy.
          expect(created.mailed, what).toBe(false);
          expect(created.email, what).toMatch(/^invitee[0-9]+@example\.lk$/);
          expect(created.link, what).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
          const replaced = before.tables["invitations"]!.filter(
            (row) => row["email"] === created.email && row["accepted_at"] === null && row["revoked_at"] === null,
          );
          expect(changesBetween(before, after), what).toEqual({
            invitations: {
              added: [String(created.id)],
              ...(replaced.length > 0 && {
                changed: Object.fromEntries(replaced.map((row) => [String(row["id"]), ["revoked_at"]])),
              }),
            },
            audit_events: { added: [expect.any(String)] },
          });
          expect(actionsAdded(before, after), what).toEqual(["invitation.create"]);
          expect(addedRows(before, after, "invitations")[0], what).toMatchObject({
            email: created.email,
            role: created.role,
          });
        }),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );

  it(
    "DELETE /api/invitations/:id revokes only an open invitation named by its id; refuses hostile and ended ones",
    async () => {
      const target = fc.oneof(
        { weight: 3, arbitrary: hostileSegment.map((segment) => ({ segment })) },
        {
          weight: 1,
          arbitrary: fc.constantFrom("pending", "revoked", "accepted", "expired").map((kind) => ({ kind })),
        },
      );
      await fuzzAssert(
        fc.asyncProperty(target, async (chosen) => {
          const cookie = await site.cookieOf(site.owner);
          const path = "kind" in chosen ? String((await invitation(chosen.kind)).id) : chosen.segment;
          const pending = (await site.deps.store.invitations.listPending()).map((row) => row.id);
          const named = /^[0-9]{1,10}$/.test(path) && pending.includes(Number(path)) ? Number(path) : undefined;
          const before = await site.state();
          const what = `DELETE /api/invitations/${path} (${"kind" in chosen ? chosen.kind : "hostile"})`;
          const answer = await site.call("DELETE", `/api/invitations/${path}`, { cookie });
          expectSoundApiAnswer(answer, what);
          if (named === undefined) {
            expect(answer.status, what).toBe(404);
            return site.expectUnchanged(before, what);
          }
          expect(answer.status, what).toBe(200);
          expect(answer.json, what).toEqual({ ok: true, revoked: named });
          const after = await site.state();
          expect(changesBetween(before, after), what).toEqual({
            invitations: { changed: { [String(named)]: ["revoked_at"] } },
            audit_events: { added: [expect.any(String)] },
          });
          expect(actionsAdded(before, after), what).toEqual(["invitation.revoke"]);
        }),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );

  /** A link's token: hostile, a real one in each state, or a real open one altered by a character. */
  const token = fc.oneof(
    { weight: 3, arbitrary: hostileSegment.map((segment) => ({ kind: "hostile" as const, segment })) },
    { weight: 2, arbitrary: fc.constant({ kind: "pending" as const }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("revoked" as const, "accepted" as const, "expired" as const).map((kind) => ({ kind })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("truncated" as const, "extended" as const, "changed" as const, "upper" as const)
        .map((alteration) => ({ kind: "altered" as const, alteration })),
    },
  );

  async function tokenFor(chosen: Generated<typeof token>) {
    if (chosen.kind === "hostile") return { path: chosen.segment, pending: undefined };
    if (chosen.kind !== "altered") {
      const made = await invitation(chosen.kind);
      return { path: made.token, pending: chosen.kind === "pending" ? made : undefined };
    }
    const t = (await invitation("pending")).token;
    const path = {
      truncated: t.slice(0, -1),
      extended: `${t}A`,
      changed: `${t.slice(0, -1)}${t.endsWith("A") ? "B" : "A"}`,
      upper: t.toUpperCase() === t ? t.toLowerCase() : t.toUpperCase(),
    }[chosen.alteration];
    return { path, pending: undefined };
  }

  it(
    "GET /api/invitations/accept/:token says whom an open invitation is for, and 410 for any other token",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(token, async (chosen) => {
          const { path, pending } = await tokenFor(chosen);
          const before = await site.state();
          const what = `GET /api/invitations/accept/${describeCase(path)} (${chosen.kind})`;
          const answer = await site.call("GET", `/api/invitations/accept/${path}`);
          expectSoundApiAnswer(answer, what);
          if (pending) expect(answer.json, what).toEqual({ email: pending.email, role: pending.role });
          else expect(answer.status, what).toBe(410);
          await site.expectUnchanged(before, what);
        }),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );

  const password = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom("a long enough password", "12345678", "x".repeat(1_000)) },
    { weight: 1, arbitrary: fc.constantFrom("1234567", "x".repeat(1_001), "") },
    { weight: 2, arbitrary: oddString },
    { weight: 1, arbitrary: hostileValue },
  );

  it(
    "POST /api/invitations/accept/:token makes the account only for an open invitation and a valid password",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          token,
          hostileJsonBody(fc.record({ password }, { requiredKeys: [] })),
          async (chosen, sent) => {
            const { path, pending } = await tokenFor(chosen);
            const before = await site.state();
            const what = `POST /api/invitations/accept/${describeCase(path)} (${chosen.kind}) ${describeCase(sent)}`;
            const answer = await site.call("POST", `/api/invitations/accept/${path}`, { body: sent });
            expectSoundApiAnswer(answer, what);
            const typed = sentFields(sent)?.["password"];
            // Counted in characters (code points), as the form's "at least 8 characters" says.
            const valid =
              !refusedByShape(sent) &&
              typeof typed === "string" &&
              [...typed].length >= 8 &&
              [...typed].length <= 1_000;
            if (answer.status !== 201) {
              expect(pending && valid, `${what}: refused a valid acceptance`).toBeFalsy();
              expect(sessionSet(answer), `${what}: a session`).toEqual([]);
              return site.expectUnchanged(before, what);
            }
            expect(pending && valid, `${what}: accepted`).toBeTruthy();
            expect(answer.json, what).toEqual({ user: { email: pending!.email, role: pending!.role } });
            expect(sessionSet(answer), `${what}: the new account's session`).toHaveLength(1);
            const after = await site.state();
            const user = addedRows(before, after, "users");
            expect(
              user.map((row) => [row["email"], row["role"]]),
              what,
            ).toEqual([[pending!.email, pending!.role]]);
            const session = addedRows(before, after, "sessions");
            expect(changesBetween(before, after), what).toEqual({
              users: { added: [String(user[0]!["id"])] },
              sessions: { added: [String(session[0]?.["id"])] },
              invitations: { changed: { [String(pending!.id)]: ["accepted_at"] } },
              audit_events: { added: [expect.any(String)] },
            });
            expect(session[0]!["user_id"], what).toEqual(user[0]!["id"]);
            expect(actionsAdded(before, after), what).toEqual(["invitation.accept"]);
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );
});

describe("PUT /api/auth/two-factor-policy", () => {
  it(
    "stores exactly the roles answered, and refuses anything but true or false for each of the three roles",
    async () => {
      const flag = fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: hostileValue });
      const required = fc.oneof(
        { weight: 4, arbitrary: fc.record({ administrator: flag, editor: flag, writer: flag }) },
        { weight: 1, arbitrary: fc.record({ administrator: flag, editor: flag, writer: flag }, { requiredKeys: [] }) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...protoKeys, "owner", "Administrator")
            .map((key) => withOwnKey({ administrator: false, editor: false, writer: false }, key, true)),
        },
        { weight: 1, arbitrary: hostileValue },
      );
      await fuzzAssert(
        fc.asyncProperty(hostileJsonBody(fc.record({ required }, { requiredKeys: [] })), async (sent) => {
          const cookie = await site.cookieOf(site.owner);
          const before = await site.state();
          const what = `PUT /api/auth/two-factor-policy ${describeCase(sent)}`;
          const answer = await site.call("PUT", "/api/auth/two-factor-policy", { cookie, body: sent });
          expectSoundApiAnswer(answer, what);
          if (answer.status !== 200) {
            expect([400, 413, 415], what).toContain(answer.status);
            return site.expectUnchanged(before, what);
          }
          expect(refusedByShape(sent), `${what}: accepted`).toBe(false);
          const asked = sentFields(sent)!["required"];
          expect(answer.json, what).toEqual({ required: asked });
          const after = await site.state();
          const changes = changesBetween(before, after);
          expect(Object.keys(changes).sort(), what).toEqual(
            ["audit_events", ...(changes["two_factor_policy"] ? ["two_factor_policy"] : [])].sort(),
          );
          expect(actionsAdded(before, after), what).toEqual(["settings.two-factor"]);
          const stored = Object.fromEntries(
            ROLES.map((role) => {
              const row = after.tables["two_factor_policy"]!.find((r) => r["role"] === role);
              return [role, Boolean(Number(row?.["required"] ?? 0))];
            }),
          );
          expect(stored, what).toEqual(asked);
          // Nobody must again: the owner, who has not set it up, would be held to the set-up.
          await site.deps.store.twoFactor.setPolicy({
            required: { administrator: false, editor: false, writer: false },
          });
        }),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );
});

/**
 * Whether scrypt takes `typed` for `password` (server/auth/password.ts): NFKC-normalized, and as
 * the key of an HMAC, which pads a key of up to 64 bytes with zero bytes, so trailing NULs match.
 */
function samePassword(typed: string, password: string) {
  const normalized = typed.normalize("NFKC");
  if (Buffer.byteLength(normalized) > 64) return normalized === password;
  return normalized.replace(/\0+$/, "") === password;
}

describe("sessions", () => {
  it(
    "DELETE /api/auth/sessions/:id ends only one of the account's own other sessions, named by its id",
    async () => {
      const target = fc.oneof(
        { weight: 1, arbitrary: fc.constant({ kind: "my other session" as const }) },
        { weight: 1, arbitrary: fc.constant({ kind: "someone else's" as const }) },
        { weight: 3, arbitrary: hostileSegment.map((segment) => ({ kind: "hostile" as const, segment })) },
      );
      const listed = async (cookie: string) =>
        (await site.call("GET", "/api/auth/sessions", { cookie })).json as {
          sessions: { id: string; current: boolean }[];
        };
      await fuzzAssert(
        fc.asyncProperty(target, async (chosen) => {
          const cookie = await site.cookieOf(site.owner);
          let segment: string;
          let ends: string | undefined;
          if (chosen.kind === "my other session") {
            const other = await signIn(site.url);
            segment = (await listed(other)).sessions.find((s) => s.current)!.id;
            ends = storedSession(other);
          } else if (chosen.kind === "someone else's") segment = (await listed(someoneElse.cookie)).sessions[0]!.id;
          else segment = chosen.segment;
          const before = await site.state();
          const what = `DELETE /api/auth/sessions/${segment} (${chosen.kind})`;
          const answer = await site.call("DELETE", `/api/auth/sessions/${segment}`, { cookie });
          expectSoundApiAnswer(answer, what);
          if (!ends) {
            expect(answer.status, what).toBe(404);
            return site.expectUnchanged(before, what);
          }
          expect(answer.status, what).toBe(200);
          expect(answer.json, what).toEqual({ ok: true, current: false });
          const after = await site.state();
          expect(changesBetween(before, after), what).toEqual({
            sessions: { removed: [ends] },
            audit_events: { added: [expect.any(String)] },
          });
          expect(actionsAdded(before, after), what).toEqual(["session.end"]);
        }),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );

  it(
    "POST /api/auth/confirm notes this session's password as confirmed only for the right one",
    async () => {
      const password = fc.oneof(
        { weight: 1, arbitrary: fc.constant(TEST_ADMIN.password) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            `${TEST_ADMIN.password} `,
            TEST_ADMIN.password.toUpperCase(),
            `${TEST_ADMIN.password}\u0000`,
            "",
          ),
        },
        { weight: 2, arbitrary: oddString },
        { weight: 1, arbitrary: hostileValue },
      );
      await fuzzAssert(
        fc.asyncProperty(hostileJsonBody(fc.record({ password }, { requiredKeys: [] })), async (sent) => {
          const cookie = await site.cookieOf(site.owner);
          const before = await site.state();
          const what = `POST /api/auth/confirm ${describeCase(sent)}`;
          const answer = await site.call("POST", "/api/auth/confirm", { cookie, body: sent });
          expectSoundApiAnswer(answer, what);
          const typed = sentFields(sent)?.["password"];
          const right = !refusedByShape(sent) && typeof typed === "string" && samePassword(typed, TEST_ADMIN.password);
          if (answer.status !== 200) {
            expect(right, `${what}: refused the right password`).toBe(false);
            expect([400, 401, 413, 415], what).toContain(answer.status);
            return site.expectUnchanged(before, what);
          }
          expect(right, `${what}: confirmed a wrong password`).toBe(true);
          expect(changesBetween(before, await site.state()), what).toEqual({
            sessions: { changed: { [storedSession(cookie)]: ["confirmed_at"] } },
          });
        }),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );
});
