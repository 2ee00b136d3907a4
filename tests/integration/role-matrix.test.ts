// Who may call each endpoint (issues 28 and 39): every endpoint the app registers is in the one
// permission table (content/roles.ts), and every one of them is called as a visitor, as each role,
// and as an account in its two-factor grace, which gets 401 or the gate's 403 where the table says
// no, and neither where it says yes. The admin's pages: ../integration/admin-pages-gate.test.ts.
// SQLite here, PostgreSQL in ./postgres/role-matrix.pg.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decide } from "#content/access.ts";
import { accessTo, isApiEndpoint, PERMISSIONS, ROLES, roleRefusal, type Role } from "#content/roles.ts";
import { createApp } from "#server/assembly/create-app.ts";
import { signIn } from "../helpers/api-server.ts";
import { adminFetch, startTestServer, type TestServer } from "../helpers/admin-server.ts";

let server: TestServer;
const cookies = new Map<Role, string>();

const PASSWORD = "a long enough password";

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signIn(server.url);
  cookies.set("administrator", admin);
  for (const role of ["editor", "writer"] as const) {
    const email = `${role}@example.lk`;
    const added = await adminFetch(server, admin)("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email, password: PASSWORD, role }),
    });
    expect(added.status).toBe(201);
    cookies.set(role, await signIn(server.url, { email, password: PASSWORD }));
  }
});
afterAll(() => server.close());

/** Every endpoint the app registers under /api, as the table names them. */
function registeredEndpoints(): string[] {
  const routes = createApp(server.deps).routes.filter(
    (route) => route.path.startsWith("/api/") && route.method !== "ALL",
  );
  return [...new Set(routes.map((route) => `${route.method} ${route.path}`))].sort();
}

/** A path that reaches the endpoint's pattern, with ids no record has. */
const concretePath = (pattern: string) =>
  pattern
    .replace(/:version\{\[0-9\]\+\}/g, "1")
    .replace(/:id\{\[0-9\]\+\}/g, "987654")
    .replace(":key", "home")
    .replace(":token", "no-such-token")
    .replace(":id", "no-such-record");

/** Calls the endpoint (with an empty JSON body where it takes one); the status and the error said. */
async function call(endpoint: string, cookie: string | undefined) {
  const [method, pattern] = endpoint.split(" ") as [string, string];
  const abort = new AbortController();
  const response = await fetch(`${server.url}${concretePath(pattern)}`, {
    method,
    signal: abort.signal,
    headers: {
      Origin: server.url,
      ...(cookie && { Cookie: cookie }),
      ...(method !== "GET" && { "Content-Type": "application/json" }),
    },
    ...(method !== "GET" && { body: "{}" }),
  });
  // The event stream never ends by itself: its status is all that is asked.
  const error = response.headers.get("content-type")?.includes("application/json")
    ? ((await response.json()) as { error?: string }).error
    : undefined;
  abort.abort();
  return { status: response.status, error };
}

// Signing out last, as it ends the session the other calls use.
const endpoints = Object.keys(PERMISSIONS)
  .filter(isApiEndpoint)
  .sort((a, b) => (a === "POST /api/auth/logout" ? 1 : b === "POST /api/auth/logout" ? -1 : a.localeCompare(b)));

describe("the permission table", () => {
  it("names every endpoint the app registers, and nothing else", () => {
    expect(registeredEndpoints()).toEqual(Object.keys(PERMISSIONS).filter(isApiEndpoint).sort());
  });
});

describe("every endpoint as a visitor", () => {
  it.each(endpoints)("%s", async (endpoint) => {
    const { status, error } = await call(endpoint, undefined);
    if (accessTo(endpoint) === "everyone") expect(status).not.toBe(401);
    else expect({ status, error }).toEqual({ status: 401, error: "Please sign in to the admin panel." });
  });
});

describe.each(ROLES)("every endpoint as %s", (role) => {
  it.each(endpoints)("%s", async (endpoint) => {
    const { status, error } = await call(endpoint, cookies.get(role));
    const access = accessTo(endpoint);
    if (access === "everyone") {
      expect(status).not.toBe(401);
      expect(error).not.toBe(roleRefusal(role));
    } else if (access.includes(role)) {
      expect([401, 403]).not.toContain(status);
    } else {
      expect({ status, error }).toEqual({ status: 403, error: roleRefusal(role) });
    }
  });
});

// Last, as it puts the Editor in its grace: with two-factor sign-in required of Editors, the Editor
// (who has none) may set it up and do nothing else; what is open to visitors answers as to a visitor.
describe("every endpoint as an Editor in its two-factor grace", () => {
  let editor: string;
  beforeAll(async () => {
    // The walks above ended with signing out.
    const policy = await adminFetch(server, await signIn(server.url))("/api/auth/two-factor-policy", {
      method: "PUT",
      body: JSON.stringify({ required: { administrator: false, editor: true, writer: false } }),
    });
    expect(policy.status).toBe(200);
    editor = await signIn(server.url, { email: "editor@example.lk", password: PASSWORD });
  });

  it.each(endpoints)("%s", async (endpoint) => {
    const { status, error } = await call(endpoint, editor);
    const verdict = decide(endpoint, { role: "editor", twoFactorSetupRequired: true });
    if (verdict.allowed) expect([401, 403]).not.toContain(status);
    else expect({ status, error }).toEqual({ status: verdict.status, error: verdict.error });
  });
});
