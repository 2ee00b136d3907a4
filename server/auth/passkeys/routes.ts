import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { Hono, type Context } from "hono";
import type { PasskeyList } from "#content/passkeys.ts";
import { addPasskeySchema, passkeyLoginSchema, renamePasskeySchema } from "#content/passkeys.ts";
import type { SignInAnswer } from "#content/two-factor.ts";
import type { Store } from "#server/db/store.ts";
import type { Env } from "#server/env.ts";
import type { AppBindings } from "#server/http/context.ts";
import { jsonError } from "#server/http/errors.ts";
import { parseBody } from "#server/http/parse-body.ts";
import { signIn, type AuthDeps } from "../routes.ts";
import { tooMany } from "../guess-throttle.ts";
import { sessionId } from "../sessions.ts";
import { userAgentLabel } from "../user-agent.ts";
import { relyingParty } from "./relying-party.ts";

/**
 * EdDSA, ES256 and RS256: what every authenticator offers. Not the library's newer default ML-DSA-44,
 * which rests on Node's experimental Web Crypto algorithms (and makes 2.4 kB signatures).
 */
const ALGORITHMS = [-8, -7, -257];

/** How long the browser (and the person at it) has to answer a challenge. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const NOT_CHECKED = "The passkey could not be checked. Please try again.";
const NOT_YOURS = "That passkey is not among yours. It may have been removed already.";
const BUSY = "Too many passkey requests are waiting. Please try again in a few minutes.";

/** What passkeys use of the app's services: sign-in's, the site's origin and their store. */
type PasskeyDeps = AuthDeps & { env: Pick<Env, "PUBLIC_URL" | "PORT">; store: Pick<Store, "passkeys"> };

/** The account's other sessions end: a passkey added or removed is a change to how it signs in. */
const endOtherSessions = (c: Context<AppBindings<PasskeyDeps>>, userId: number) =>
  c.var.deps.store.sessions.removeOthersForUser(userId, sessionId(c.var.sessionToken!));

/**
 * Passkeys (WebAuthn; issue 28 item 4; docs/api.md). A signed-in account asks for registration
 * options, has its browser make a passkey, and sends the answer to be stored; it lists, renames and
 * removes its own. Anyone asks for sign-in options (discoverable credentials: no email first) and
 * signs in with a passkey's answer: a passkey that verified its user (fingerprint, face, PIN) is two
 * factors, so it replaces both the password and the code. Each challenge is kept on the server for
 * five minutes and used once (./store.ts); the answer must come from exactly the site's origin
 * (./relying-party.ts). Mounted under /api/auth beside ../routes.ts.
 */
export const passkeyRoutes = new Hono<AppBindings<PasskeyDeps>>()
  .get("/passkeys", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ passkeys: await c.var.deps.store.passkeys.list(c.var.user!.id) } satisfies PasskeyList);
  })
  .post("/passkeys/options", async (c) => {
    const { store, env } = c.var.deps;
    const me = c.var.user!;
    const { rpID, rpName } = relyingParty(env, c.req.url);
    const existing = await Promise.all(
      (await store.passkeys.list(me.id)).map((passkey) => store.passkeys.find(passkey.id)),
    );
    const options = await generateRegistrationOptions({
      rpName,
      rpID,
      userName: me.email,
      userDisplayName: me.email,
      // The account's id, not its email: the authenticator keeps it, and a changed email changes nothing.
      userID: new TextEncoder().encode(`account-${me.id}`),
      attestationType: "none",
      // The same authenticator is not added twice.
      excludeCredentials: existing.flatMap((passkey) =>
        passkey ? [{ id: passkey.id, transports: passkey.transports }] : [],
      ),
      // Discoverable: sign-in asks for no email first. Verifying the user is what makes it two factors.
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!(await store.passkeys.addChallenge(options.challenge, "register", me.id, expiry())))
      return jsonError(c, 503, BUSY);
    c.header("Cache-Control", "no-store");
    return c.json(options);
  })
  .post("/passkeys", async (c) => {
    const { store, env, logger } = c.var.deps;
    const me = c.var.user!;
    const input = await parseBody(c, addPasskeySchema);
    if (!input.ok) return input.response;
    const { rpID, origin } = relyingParty(env, c.req.url);
    const verified = await verifyRegistrationResponse({
      response: input.data.response as unknown as RegistrationResponseJSON,
      // Used up here, whatever the rest of the answer says: a challenge counts once.
      expectedChallenge: (challenge) => store.passkeys.takeChallenge(challenge, "register", me.id),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    }).catch((error: unknown) => {
      logger.info("passkey refused", { event: "passkey-refused", account: me.id, reason: String(error) });
      return undefined;
    });
    if (!verified?.verified) return jsonError(c, 400, NOT_CHECKED);
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    const name = input.data.name ?? userAgentLabel(c.req.header("user-agent"));
    const added = await store.passkeys.add({
      id: credential.id,
      userId: me.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    });
    if (!added) return jsonError(c, 409, "This passkey is added already.");
    await endOtherSessions(c, me.id);
    logger.info("passkey added", { event: "passkey-added", account: me.id });
    const passkey = (await store.passkeys.list(me.id)).find((candidate) => candidate.id === credential.id)!;
    return c.json({ passkey }, 201);
  })
  .put("/passkeys/:id", async (c) => {
    const { store } = c.var.deps;
    const input = await parseBody(c, renamePasskeySchema);
    if (!input.ok) return input.response;
    const me = c.var.user!;
    if (!(await store.passkeys.rename(me.id, c.req.param("id"), input.data.name))) return jsonError(c, 404, NOT_YOURS);
    const passkey = (await store.passkeys.list(me.id)).find((candidate) => candidate.id === c.req.param("id"))!;
    return c.json({ passkey });
  })
  .delete("/passkeys/:id", async (c) => {
    const { store, logger } = c.var.deps;
    const me = c.var.user!;
    if (!(await store.passkeys.remove(me.id, c.req.param("id")))) return jsonError(c, 404, NOT_YOURS);
    await endOtherSessions(c, me.id);
    logger.info("passkey removed", { event: "passkey-removed", account: me.id });
    return c.json({ ok: true });
  })
  .post("/passkey-login/options", async (c) => {
    const { store, env, limits } = c.var.deps;
    const state = await limits.loginPerIp.blocked(c.var.clientIp);
    if (state.blocked) return tooMany(c, state.retryAfterSeconds);
    const options = await generateAuthenticationOptions({
      rpID: relyingParty(env, c.req.url).rpID,
      // None listed: the browser offers the passkeys it holds for this site.
      allowCredentials: [],
      userVerification: "preferred",
    });
    if (!(await store.passkeys.addChallenge(options.challenge, "login", null, expiry())))
      return jsonError(c, 503, BUSY);
    c.header("Cache-Control", "no-store");
    return c.json(options);
  })
  .post("/passkey-login", async (c) => {
    const { store, env, limits, logger } = c.var.deps;
    const input = await parseBody(c, passkeyLoginSchema);
    if (!input.ok) return input.response;
    const state = await limits.loginPerIp.blocked(c.var.clientIp);
    if (state.blocked) return tooMany(c, state.retryAfterSeconds);
    const response = input.data.response as unknown as AuthenticationResponseJSON;
    const { rpID, origin } = relyingParty(env, c.req.url);
    const passkey = await store.passkeys.find(response.id);
    const verified =
      passkey &&
      (await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => store.passkeys.takeChallenge(challenge, "login", null),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      }).catch((error: unknown) => {
        logger.info("passkey sign-in refused", { event: "passkey-refused", reason: String(error) });
        return undefined;
      }));
    // The counter is checked again as it is stored: two sign-ins with one answer cannot both pass.
    const accepted =
      passkey &&
      verified?.verified &&
      (await store.passkeys.use(passkey.id, verified.authenticationInfo.newCounter, new Date()));
    if (!passkey || !accepted) {
      await limits.loginPerIp.hit(c.var.clientIp);
      logger.warn("failed passkey sign-in", { event: "sign-in-failed", account: passkey?.userId });
      c.set("audit", { action: "sign-in.failed", actor: { id: passkey?.userId ?? null, email: null } });
      return jsonError(
        c,
        401,
        passkey
          ? "That passkey could not sign you in. Please try again."
          : "That passkey is not known here. It may have been removed: sign in with your password.",
      );
    }
    const user = await store.users.findById(passkey.userId);
    if (!user) return jsonError(c, 401, NOT_CHECKED);
    await signIn(c, user.id);
    return c.json({ user: { email: user.email } } satisfies SignInAnswer);
  });

const expiry = () => new Date(Date.now() + CHALLENGE_TTL_MS);
