import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, TEST_ADMIN, type TestServer } from "../helpers/api-server.ts";

/** A wrong password for the test admin, sent as if from `forwardedFor`. */
const failSignIn = (server: TestServer, forwardedFor: string) =>
  fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
    body: JSON.stringify({ email: TEST_ADMIN.email, password: "not the password" }),
  });

describe("the client address behind a proxy (TRUST_PROXY)", () => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([startApiServer(), startApiServer({ TRUST_PROXY: "1" })]);
  });
  afterAll(async () => {
    await Promise.all([direct.close(), proxied.close()]);
  });

  it("with TRUST_PROXY=1, each forwarded visitor has a sign-in throttle of their own", async () => {
    for (let i = 0; i < 10; i++) expect((await failSignIn(proxied, "198.51.100.20")).status).toBe(401);
    expect((await failSignIn(proxied, "198.51.100.20")).status).toBe(429);
    // Another visitor behind the same proxy is not held back.
    expect((await failSignIn(proxied, "198.51.100.21")).status).toBe(401);
    // A forged entry in front of the proxy's own does not escape the throttle.
    expect((await failSignIn(proxied, "203.0.113.1, 198.51.100.20")).status).toBe(429);
  });

  it("without it, X-Forwarded-For is ignored: a client cannot pick its own address", async () => {
    for (let i = 0; i < 10; i++) expect((await failSignIn(direct, `198.51.100.${30 + i}`)).status).toBe(401);
    const refused = await failSignIn(direct, "198.51.100.99");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
