// Property-based fuzzing of two-factor sign-in and passkeys (issue 39): setting up an authenticator
// app and turning it off, the sign-in's code step with genuine, forged and missing proofs of the
// password step, and passkeys added, renamed, removed and signed in with, from genuine WebAuthn
// answers (../helpers/software-authenticator.ts) altered one part at a time (a hostile value at any
// path, stray keys, client data, the signed bytes, another origin, challenge or credential). Each
// case checks: no 5xx, errors as {error: string}, and the stored state unchanged on a refusal (but
// the challenge its answer named, used up, and a failed sign-in in the audit trail), or changed
// exactly as the 2xx answer says; an answer whose signed part was altered never signs in.
// FUZZ_RUNS scales the runs, FUZZ_SEED the seed.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeCode } from "#content/two-factor.ts";
import { MAX_BODY_BYTES } from "#server/assembly/create-app.ts";
import { hashRecoveryCode, totpCode } from "#server/auth/two-factor/totp.ts";
import { SoftwareAuthenticator } from "../helpers/software-authenticator.ts";
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
  refusedByShape,
  urlComponent,
  wellFormed,
  type HostileBody,
  type StoredState,
} from "./fuzz-kit.ts";
import {
  actionsAdded,
  FuzzSite,
  jsonBody,
  otherSessions,
  sentFields,
  sessionSet,
  type FuzzAccount,
} from "./fuzz-site.ts";
import { alterAnswer, alteration, b64, type WebAuthnAnswer } from "./webauthn-answers.ts";

let site: FuzzSite;
/** Two-factor sign-in on: the code step's cases. */
let withCode: FuzzAccount & { secret: string; recoveryCodes: string[] };
/** Two-factor sign-in off: the set-up's cases. */
let enrolling: FuzzAccount;
/** One passkey, made by `authenticator`: the passkeys' cases. */
let withPasskey: FuzzAccount & { authenticator: SoftwareAuthenticator; passkeyId: string };

beforeAll(async () => {
  site = await FuzzSite.start();
  const code = await site.addAccount("code@example.lk", "editor");
  const { secret } = (await site.call("POST", "/api/auth/totp", { cookie: code.cookie })).json as { secret: string };
  const confirmed = await site.call("POST", "/api/auth/totp/confirm", {
    cookie: code.cookie,
    body: jsonBody({ code: totpCode(secret) }),
  });
  withCode = { ...code, secret, recoveryCodes: (confirmed.json as { recoveryCodes: string[] }).recoveryCodes };
  enrolling = await site.addAccount("enrol@example.lk", "writer");

  const account = await site.addAccount("passkey@example.lk", "editor");
  const authenticator = new SoftwareAuthenticator();
  const options = (await site.call("POST", "/api/auth/passkeys/options", { cookie: account.cookie })).json as {
    challenge: string;
    rp: { id: string };
    user: { id: string };
  };
  const response = authenticator.register({
    origin: site.url,
    rpId: options.rp.id,
    challenge: options.challenge,
    userHandle: options.user.id,
  });
  const added = await site.call("POST", "/api/auth/passkeys", { cookie: account.cookie, body: jsonBody({ response }) });
  if (added.status !== 201) throw new Error(`passkey not added: ${added.text}`);
  withPasskey = { ...account, authenticator, passkeyId: authenticator.id };
}, 60_000);
afterAll(async () => {
  await site?.close();
});

/** Bodies an endpoint that reads none gets anyway. */
const ignoredBody = hostileJsonBody(
  fc.dictionary(
    oddString.filter((s) => s.length < 100),
    hostileValue,
    { maxKeys: 2 },
  ),
);

/** What an endpoint that reads no body answers: as to no body, unless the body is past the API's limit (413). */
const statusIgnoring = (sent: HostileBody, status: number) =>
  Buffer.byteLength(sent.body) > MAX_BODY_BYTES ? 413 : status;

describe("two-factor sign-in", () => {
  /** Stand-ins for right codes, put in at run time: the app's current code (as shown, or spaced), a recovery code. */
  const RIGHT = "<the right code>";
  const RIGHT_SPACED = "<the right code, spaced>";
  const RECOVERY = "<a recovery code>";
  const code = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(RIGHT, RIGHT_SPACED) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, "0")) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        " ",
        "12345",
        "1234567",
        "12 34 56",
        "１２３４５６",
        "123456\u0000",
        "-12345",
        "1e5",
      ),
    },
    { weight: 2, arbitrary: oddString },
    { weight: 1, arbitrary: hostileValue },
  );
  const namesRightCode = (sent: HostileBody) => sent.body.includes(RIGHT) || sent.body.includes(RIGHT_SPACED);

  const withRightCode = (sent: HostileBody, secret: string): HostileBody => {
    const right = totpCode(secret);
    return {
      ...sent,
      body: sent.body.replaceAll(RIGHT_SPACED, `${right.slice(0, 3)} ${right.slice(3)}`).replaceAll(RIGHT, right),
    };
  };

  it(
    "POST /api/auth/totp starts a set-up whatever the body; /totp/confirm turns it on only with the app's code",
    async () => {
      await fuzzAssert(
        fc.asyncProperty(
          ignoredBody,
          hostileJsonBody(fc.record({ code }, { requiredKeys: [] })),
          async (startBody, confirmBody) => {
            const cookie = await site.cookieOf(enrolling);
            const before = await site.state();
            const what = `POST /api/auth/totp ${describeCase(startBody)}`;
            const started = await site.call("POST", "/api/auth/totp", { cookie, body: startBody });
            expectSoundApiAnswer(started, what);
            // It reads no body: it starts, keeping the new secret (encrypted) as the account's pending one.
            expect(started.status, what).toBe(statusIgnoring(startBody, 200));
            if (started.status === 413) return site.expectUnchanged(before, what);
            const { secret, uri } = started.json as { secret: string; uri: string };
            expect(uri, what).toContain(`secret=${secret}`);
            const between = await site.state();
            expect(changesBetween(before, between), what).toEqual({
              users: { changed: { [String(enrolling.id)]: ["totp_pending_secret"] } },
            });

            const sent = withRightCode(confirmBody, secret);
            const confirmWhat = `POST /api/auth/totp/confirm ${describeCase(sent)}`;
            const confirmed = await site.call("POST", "/api/auth/totp/confirm", { cookie, body: sent });
            expectSoundApiAnswer(confirmed, confirmWhat);
            if (confirmed.status !== 200) {
              expect([400, 409, 413, 415], confirmWhat).toContain(confirmed.status);
              return site.expectUnchanged(between, confirmWhat);
            }
            expect(namesRightCode(confirmBody), `${confirmWhat}: turned on with a wrong code`).toBe(true);
            expect((confirmed.json as { recoveryCodes: string[] }).recoveryCodes, confirmWhat).toHaveLength(10);
            const after = await site.state();
            const others = otherSessions(between, enrolling.id, cookie);
            expect(changesBetween(between, after), confirmWhat).toEqual({
              users: {
                changed: {
                  [String(enrolling.id)]: ["totp_enabled_at", "totp_last_step", "totp_pending_secret", "totp_secret"],
                },
              },
              two_factor_recovery_codes: { added: Array.from({ length: 10 }, () => expect.any(String)) },
              ...(others.length > 0 && { sessions: { removed: others } }),
              audit_events: { added: [expect.any(String)] },
            });
            expect(actionsAdded(between, after), confirmWhat).toEqual(["two-factor.on"]);
            // Off again, for the next case's set-up.
            await site.deps.store.twoFactor.turnOff(enrolling.id);
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );

  it(
    "DELETE /api/auth/totp never turns it off without the account's password, and refuses hostile bodies",
    async () => {
      const ENROLLING_PASSWORD = "<enrolling's password>";
      const password = fc.oneof(
        fc.constant(ENROLLING_PASSWORD),
        fc.constantFrom("", "code@example.lk password ", "CODE@EXAMPLE.LK PASSWORD"),
        oddString,
        hostileValue,
      );
      await fuzzAssert(
        fc.asyncProperty(
          fc.boolean(),
          hostileJsonBody(fc.record({ password }, { requiredKeys: [] })),
          async (onAccountWithCode, sent) => {
            // The account with it on never gets its password; the one without may (then it is not on: 409).
            const account = onAccountWithCode ? withCode : enrolling;
            const body = { ...sent, body: sent.body.replaceAll(ENROLLING_PASSWORD, enrolling.password) };
            const cookie = await site.cookieOf(account);
            const before = await site.state();
            const what = `DELETE /api/auth/totp as ${account.email} ${describeCase(body)}`;
            const answer = await site.call("DELETE", "/api/auth/totp", { cookie, body });
            expectSoundApiAnswer(answer, what);
            expect([400, 409, 413, 415], what).toContain(answer.status);
            await site.expectUnchanged(before, what);
          },
        ),
        fuzzParameters(1),
      );
    },
    propertyTimeout(1),
  );

  /** The proof of the password step: kept while younger than 4 of its 5 minutes. */
  let proof = { cookie: "", at: 0 };
  async function genuineProof() {
    if (Date.now() - proof.at > 4 * 60 * 1000) {
      const answer = await site.call("POST", "/api/auth/login", {
        body: jsonBody({ email: withCode.email, password: withCode.password }),
      });
      expect(answer.json).toEqual({ secondFactor: "totp" });
      const cookie = answer.headers
        .getSetCookie()
        .find((c) => c.startsWith("sign_in_pending="))!
        .split(";")[0]!;
      proof = { cookie, at: Date.now() };
    }
    return proof.cookie;
  }

  const proofs = fc.constantFrom(
    "genuine",
    "genuine",
    "none",
    "forged signature",
    "another account",
    "later expiry",
    "no signature",
    "junk first",
    "extra part",
    "odd",
  );

  /** The Cookie header for a kind of proof (`odd` for the odd one). */
  async function proofCookie(kind: string, odd: string): Promise<string | undefined> {
    if (kind === "none") return undefined;
    if (kind === "odd") return `sign_in_pending=${urlComponent(odd)}`;
    const genuine = await genuineProof();
    const [id, expires, signature] = genuine.slice("sign_in_pending=".length).split(".") as [string, string, string];
    return {
      genuine,
      "forged signature": `sign_in_pending=${id}.${expires}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`,
      "another account": `sign_in_pending=${site.owner.id}.${expires}.${signature}`,
      "later expiry": `sign_in_pending=${id}.${Number(expires) + 3_600_000}.${signature}`,
      "no signature": `sign_in_pending=${id}.${expires}`,
      // The genuine proof with anything added is not that proof.
      "extra part": `${genuine}.${urlComponent(odd) || "x"}`,
      // The first of two cookies of one name is the one read.
      "junk first": `sign_in_pending=1.1.x; ${genuine}`,
    }[kind];
  }

  it(
    "POST /api/auth/login/totp signs in only with the genuine proof and a right code; refuses the rest unchanged",
    async () => {
      let recovery = 0;
      await fuzzAssert(
        fc.asyncProperty(
          proofs,
          // Within what a header may hold (Node answers a longer one itself, 431).
          oddString.filter((s) => urlComponent(s).length < 6_000),
          hostileJsonBody(
            fc.record(
              { code: fc.oneof({ weight: 6, arbitrary: code }, { weight: 1, arbitrary: fc.constant(RECOVERY) }) },
              { requiredKeys: [] },
            ),
          ),
          fc.option(fc.constantFrom("session=forged", "session="), { nil: undefined }),
          async (kind, odd, sent, sessionCookie) => {
            // Ten wrong codes lock the account for 15 minutes whatever the address: each case counts anew.
            await site.deps.limits.loginPerAccount.reset(`two-factor|${withCode.id}`);
            const cookie = [await proofCookie(kind, odd), sessionCookie].filter(Boolean).join("; ");
            const recoveryCode = withCode.recoveryCodes[recovery % 10]!;
            const usesRecovery = sent.body.includes(RECOVERY);
            const body = withRightCode(
              { ...sent, body: sent.body.replaceAll(RECOVERY, recoveryCode) },
              withCode.secret,
            );
            const before = await site.state();
            const what = `POST /api/auth/login/totp with proof ${kind} ${describeCase(body)}`;
            const answer = await site.call("POST", "/api/auth/login/totp", { ...(cookie && { cookie }), body });
            expectSoundApiAnswer(answer, what);
            if (answer.status !== 200) {
              expect([400, 401, 413, 415, 429], what).toContain(answer.status);
              expect(sessionSet(answer), `${what}: a session`).toEqual([]);
              // A wrong code after a genuine password step is in the audit trail (issue 39 defect 5).
              return site.expectUnchanged(before, what, { failedSignIn: "sign-in.code-failed" });
            }
            expect(["genuine", "junk first"], `${what}: signed in`).toContain(kind);
            expect(usesRecovery || namesRightCode(sent), `${what}: signed in with a wrong code`).toBe(true);
            expect(answer.json, what).toEqual({ user: { email: withCode.email } });
            expect(sessionSet(answer), what).toHaveLength(1);
            const after = await site.state();
            const session = addedRows(before, after, "sessions");
            expect(
              session.map((row) => Number(row["user_id"])),
              what,
            ).toEqual([withCode.id]);
            const used = before.tables["two_factor_recovery_codes"]!.find(
              (row) => row["code_hash"] === hashRecoveryCode(normalizeCode(recoveryCode)),
            );
            expect(changesBetween(before, after), what).toEqual({
              ...(usesRecovery
                ? { two_factor_recovery_codes: { changed: { [String(used?.["id"])]: ["used_at"] } } }
                : { users: { changed: { [String(withCode.id)]: ["totp_last_step"] } } }),
              sessions: { added: [String(session[0]!["id"])] },
              audit_events: { added: [expect.any(String)] },
            });
            expect(actionsAdded(before, after), what).toEqual(["sign-in"]);
            if (usesRecovery) recovery += 1;
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );
});

/**
 * Since `start`, the one challenge answered was added; and gone, if any, only challenges past their
 * five minutes (adding one clears those), as a run longer than that leaves some.
 */
async function expectChallengeAdded(start: StoredState, challenge: string, what: string) {
  const { passkey_challenges: challenges, ...others } = changesBetween(start, await site.state());
  expect(others, what).toEqual({});
  expect({ ...challenges, removed: undefined }, what).toEqual({ added: [challenge], removed: undefined });
  const expired = start.tables["passkey_challenges"]!.filter(
    (row) => Date.parse(String(row["expires_at"])) <= Date.now(),
  ).map((row) => String(row["challenge"]));
  expect(
    (challenges?.removed ?? []).filter((gone) => !expired.includes(gone)),
    `${what}: challenges still open removed`,
  ).toEqual([]);
}

describe("passkeys", () => {
  const passkeyName = fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom("Work laptop", "  padded  ", "ශ්‍රී ලංකා ෆෝනය", "n".repeat(60), "n".repeat(61)),
    },
    { weight: 2, arbitrary: oddString },
    { weight: 1, arbitrary: hostileValue },
  );
  /** Whether the server must take `name` for a passkey's: 1–60 characters (code points) once trimmed, no control characters. */
  const validName = (name: unknown): name is string =>
    typeof name === "string" &&
    [...name.trim()].length >= 1 &&
    [...name.trim()].length <= 60 &&
    ![...name.trim()].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  /** A name as it is stored: trimmed, a lone surrogate made U+FFFD (docs/api.md). */
  const storedName = (name: string) => wellFormed(name.trim());

  it(
    "POST /api/auth/passkeys adds a passkey only from a genuine answer to the account's challenge",
    async () => {
      /** The last answer taken: its challenge is used. */
      let taken: WebAuthnAnswer | undefined;
      await fuzzAssert(
        fc.asyncProperty(
          ignoredBody,
          alteration,
          fc.option(passkeyName, { nil: undefined }),
          async (optionsBody, change, name) => {
            const cookie = await site.cookieOf(withPasskey);
            const start = await site.state();
            const asked = await site.call("POST", "/api/auth/passkeys/options", { cookie, body: optionsBody });
            const askWhat = `POST /api/auth/passkeys/options ${describeCase(optionsBody)}`;
            expectSoundApiAnswer(asked, askWhat);
            // The options read no body: a challenge for this account, kept on the server.
            expect(asked.status, askWhat).toBe(statusIgnoring(optionsBody, 200));
            if (asked.status === 413) return site.expectUnchanged(start, askWhat);
            const options = asked.json as { challenge: string; rp: { id: string }; user: { id: string } };
            await expectChallengeAdded(start, options.challenge, askWhat);

            const authenticator = new SoftwareAuthenticator();
            const client = {
              origin: site.url,
              rpId: options.rp.id,
              challenge: options.challenge,
              userHandle: options.user.id,
            };
            const genuine = authenticator.register(client);
            const { response, refused } = alterAnswer(genuine, change, false, () => {
              if (change.kind !== "wrong") return undefined;
              if (change.what === "replayed") return taken;
              // A passkey stored already: the account's own, from its authenticator.
              if (change.what === "other credential") return withPasskey.authenticator.register(client);
              return authenticator.register(
                {
                  origin: { ...client, origin: `${site.url}.evil.example` },
                  challenge: { ...client, challenge: b64(randomBytes(32)) },
                  rpId: { ...client, rpId: "evil.example" },
                  "not verified": { ...client, userVerified: false },
                }[change.what],
              );
            });
            const before = await site.state();
            const what = `POST /api/auth/passkeys ${JSON.stringify(change).slice(0, 300)} name ${describeCase(name ?? null)}`;
            const answer = await site.call("POST", "/api/auth/passkeys", {
              cookie,
              body: jsonBody({ response, ...(name !== undefined && { name }) }),
            });
            expectSoundApiAnswer(answer, what);
            if (answer.status !== 201) {
              expect([400, 409, 413], what).toContain(answer.status);
              if (!refused) expect(answer.status, `${what}: a new passkey taken for stored`).not.toBe(409);
              return site.expectUnchanged(before, what, { challenge: options.challenge });
            }
            expect(refused, `${what}: added from a wrong answer`).toBe(false);
            taken = response;
            expect(name === undefined || validName(name), `${what}: added with the name ${describeCase(name)}`).toBe(
              true,
            );
            const after = await site.state();
            const others = otherSessions(before, withPasskey.id, cookie);
            expect(changesBetween(before, after), what).toEqual({
              passkeys: { added: [authenticator.id] },
              passkey_challenges: { removed: [options.challenge] },
              ...(others.length > 0 && { sessions: { removed: others } }),
              audit_events: { added: [expect.any(String)] },
            });
            expect(actionsAdded(before, after), what).toEqual(["passkey.add"]);
            const stored = addedRows(before, after, "passkeys")[0]!;
            expect(Number(stored["user_id"]), what).toBe(withPasskey.id);
            expect((answer.json as { passkey: { name: string } }).passkey.name, what).toBe(stored["name"]);
            if (name !== undefined) expect(stored["name"], what).toBe(storedName(name as string));
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );

  it(
    "POST /api/auth/passkey-login signs in only with an unaltered answer to a sign-in challenge; refuses the rest",
    async () => {
      /** The last answer that signed in: its challenge is used, and the counter has grown past it since. */
      let taken: WebAuthnAnswer | undefined;
      const stranger = new SoftwareAuthenticator();
      await fuzzAssert(
        fc.asyncProperty(ignoredBody, alteration, async (optionsBody, change) => {
          const start = await site.state();
          const asked = await site.call("POST", "/api/auth/passkey-login/options", { body: optionsBody });
          const askWhat = `POST /api/auth/passkey-login/options ${describeCase(optionsBody)}`;
          expectSoundApiAnswer(asked, askWhat);
          expect(asked.status, askWhat).toBe(statusIgnoring(optionsBody, 200));
          if (asked.status === 413) return site.expectUnchanged(start, askWhat);
          const options = asked.json as { challenge: string; rpId: string };
          await expectChallengeAdded(start, options.challenge, askWhat);

          const { authenticator } = withPasskey;
          const client = { origin: site.url, rpId: options.rpId, challenge: options.challenge };
          const genuine = authenticator.authenticate(client);
          const { response, refused } = alterAnswer(genuine, change, true, () => {
            if (change.kind !== "wrong") return undefined;
            // An answer that signed in already, or one whose counter did not grow.
            if (change.what === "replayed") return taken ?? authenticator.authenticate({ ...client, counter: 0 });
            if (change.what === "other credential") return stranger.authenticate(client);
            return authenticator.authenticate(
              {
                origin: { ...client, origin: "https://evil.example" },
                challenge: { ...client, challenge: b64(randomBytes(32)) },
                rpId: { ...client, rpId: "evil.example" },
                "not verified": { ...client, userVerified: false },
              }[change.what],
            );
          });
          const before = await site.state();
          const what = `POST /api/auth/passkey-login ${JSON.stringify(change).slice(0, 300)}`;
          const answer = await site.call("POST", "/api/auth/passkey-login", { body: jsonBody({ response }) });
          expectSoundApiAnswer(answer, what);
          if (answer.status !== 200) {
            expect([400, 401, 413, 429], what).toContain(answer.status);
            expect(sessionSet(answer), `${what}: a session`).toEqual([]);
            return site.expectUnchanged(before, what, {
              challenge: options.challenge,
              ...(answer.status === 401 && { failedSignIn: "sign-in.failed" as const }),
            });
          }
          expect(refused, `${what}: signed in with an altered answer`).toBe(false);
          taken = response;
          expect(answer.json, what).toEqual({ user: { email: withPasskey.email } });
          expect(sessionSet(answer), what).toHaveLength(1);
          const after = await site.state();
          const session = addedRows(before, after, "sessions");
          expect(
            session.map((row) => Number(row["user_id"])),
            what,
          ).toEqual([withPasskey.id]);
          expect(changesBetween(before, after), what).toEqual({
            passkeys: { changed: { [withPasskey.passkeyId]: ["counter", "last_used_at"] } },
            passkey_challenges: { removed: [options.challenge] },
            sessions: { added: [String(session[0]!["id"])] },
            audit_events: { added: [expect.any(String)] },
          });
          expect(actionsAdded(before, after), what).toEqual(["sign-in"]);
        }),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );

  it(
    "PUT /api/auth/passkeys/:id renames only the account's own passkey, to a valid name; DELETE removes none not its own",
    async () => {
      const target = fc.oneof(
        { weight: 2, arbitrary: fc.constant({ kind: "own" as const }) },
        { weight: 1, arbitrary: fc.constant({ kind: "someone else's" as const }) },
        { weight: 2, arbitrary: hostileSegment.map((segment) => ({ kind: "hostile" as const, segment })) },
      );
      await fuzzAssert(
        fc.asyncProperty(
          fc.constantFrom("PUT", "PUT", "DELETE"),
          target,
          hostileJsonBody(fc.record({ name: passkeyName }, { requiredKeys: [] })),
          async (method, chosen, sent) => {
            // The account's own passkey is never deleted: the sign-in cases use it.
            fc.pre(method === "PUT" || chosen.kind !== "own");
            // Someone else's: the owner names the passkey account's.
            const cookie = await site.cookieOf(chosen.kind === "someone else's" ? site.owner : withPasskey);
            const segment = chosen.kind === "hostile" ? chosen.segment : withPasskey.passkeyId;
            const before = await site.state();
            const what = `${method} /api/auth/passkeys/${segment} (${chosen.kind}) ${method === "PUT" ? describeCase(sent) : ""}`;
            const answer = await site.call(method, `/api/auth/passkeys/${segment}`, {
              cookie,
              ...(method === "PUT" && { body: sent }),
            });
            expectSoundApiAnswer(answer, what);
            const name = sentFields(sent)?.["name"];
            if (!(method === "PUT" && chosen.kind === "own" && !refusedByShape(sent) && validName(name))) {
              expect([400, 404, 413, 415], what).toContain(answer.status);
              return site.expectUnchanged(before, what);
            }
            expect(answer.status, what).toBe(200);
            const after = await site.state();
            const stored = after.tables["passkeys"]!.find((row) => row["id"] === withPasskey.passkeyId)!;
            expect(stored["name"], what).toBe(storedName(name));
            expect((answer.json as { passkey: { name: string } }).passkey.name, what).toBe(stored["name"]);
            const changes = changesBetween(before, after);
            expect(changes, what).toEqual(
              changes["passkeys"] ? { passkeys: { changed: { [withPasskey.passkeyId]: ["name"] } } } : {},
            );
          },
        ),
        fuzzParameters(2),
      );
    },
    propertyTimeout(2),
  );
});
