import { afterEach, describe, expect, it, vi } from "vitest";
import { runAdminCli } from "#server/cli/admin.ts";
import { signIn, TEST_ADMIN } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";
import { storeEnvFor } from "../helpers/test-database.ts";

// Counts password hashing (scrypt, the costly part of adding an administrator).
const hashing = vi.hoisted(() => ({ calls: 0 }));
vi.mock(import("#server/auth/password.ts"), async (original) => {
  const real = await original();
  return {
    ...real,
    hashPassword: (password: string) => {
      hashing.calls++;
      return real.hashPassword(password);
    },
  };
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const userRows = () => server!.deps.store.backup.dump().then((d) => d.tables["users"]);
const quietIo = { out: () => undefined, err: () => undefined };

describe("adding an administrator", () => {
  it("refuses a duplicate email before hashing the password (API and admin CLI)", async () => {
    server = await startTestServer();
    const api = adminFetch(server, await signIn(server.url));
    const before = await userRows();
    hashing.calls = 0;
    const duplicate = await api("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: TEST_ADMIN.email.toUpperCase(), password: "another long pass" }),
    });
    expect(duplicate.status).toBe(409);
    expect(hashing.calls).toBe(0);

    const env = await storeEnvFor({ DATA_DIR: server.dataDir });
    expect(await runAdminCli(["create", TEST_ADMIN.email, "another long pass"], env, quietIo)).toBe(1);
    expect(hashing.calls).toBe(0);
    expect(await userRows()).toEqual(before);
  });

  it("is throttled per address: 429 with Retry-After, nothing stored", async () => {
    server = await startTestServer();
    const api = adminFetch(server, await signIn(server.url));
    for (let i = 0; i < 10; i++) {
      const created = await api("/api/accounts", {
        method: "POST",
        body: JSON.stringify({ email: `partner${i}@example.lk`, password: "a long password" }),
      });
      expect(created.status).toBe(201);
    }
    const before = await userRows();
    const throttled = await api("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email: "one-more@example.lk", password: "a long password" }),
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await throttled.json()).error).toMatch(
      /^Too many administrators added\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(await userRows()).toEqual(before);
  });
});
