// The admin's pages ask the same gate as the API (issue 39): every /admin page the app's routes
// declare is in the permission table (content/roles.ts), and each is opened as a visitor, as each
// role and as an Administrator in its two-factor grace, on the production build. A page refused
// carries nothing of its content (its data says `allowed: false`; the audit trail's emails, read as
// the page and as its data request, are nowhere in it): the sign-in form or the two-factor set-up
// (200), or the header alone for a role that may not (403). SQLite here, PostgreSQL in
// ./postgres/admin-pages-gate.pg.test.ts.
import { rmSync } from "node:fs";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decide, type Asker } from "#content/access.ts";
import { PERMISSIONS, ROLES, type Endpoint } from "#content/roles.ts";
import routes from "#app/routes.ts";
import { adminFetch } from "../helpers/admin-server.ts";
import { signIn, tempDir } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";

const PASSWORD = "a long enough password";
/** An email tried at a failed sign-in: the audit trail keeps it, and only Administrators may read it. */
const TRIED = "someone-guessing@example.lk";

let site: BuiltServer;
let dataDir: string;
const cookies = new Map<string, string>();

beforeAll(async () => {
  await ensureBuiltOnce();
  dataDir = tempDir("agency-pages-gate-");
  site = await startBuiltServer(dataDir);
  const admin = await signIn(site.url);
  cookies.set("administrator", admin);
  for (const role of ["editor", "writer"] as const) {
    const email = `${role}@example.lk`;
    const added = await adminFetch(site, admin)("/api/accounts", {
      method: "POST",
      body: JSON.stringify({ email, password: PASSWORD, role }),
    });
    expect(added.status).toBe(201);
    cookies.set(role, await signIn(site.url, { email, password: PASSWORD }));
  }
  const failed = await fetch(`${site.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: TRIED, password: "not the password" }),
  });
  expect(failed.status).toBe(401);
}, 300_000);
afterAll(async () => {
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The admin's pages as app/routes.ts declares them, as the permission table names them ("GET
 * /admin/audit"); a module without a page (`.ts`, a resource route) is an action, posted to.
 */
function adminPages(): Endpoint[] {
  const pages = routes
    .filter((route) => route.path === "admin" || route.path?.startsWith("admin/"))
    .map((route) => `${route.file.endsWith(".ts") ? "POST" : "GET"} /${route.path}`);
  return pages as Endpoint[];
}

/** Opens the page (an action: posts to it) as `cookie`; its status and text. */
async function open(endpoint: string, cookie: string | undefined, suffix = "") {
  const [method, pattern] = endpoint.split(" ") as [string, string];
  const response = await fetch(`${site.url}${pattern.replace(":token", "no-such-token")}${suffix}`, {
    method,
    headers: {
      Origin: site.url,
      ...(cookie && { Cookie: cookie }),
      ...(method === "POST" && { "Content-Type": "application/json" }),
    },
    ...(method === "POST" && { body: JSON.stringify({ code: "<p>map</p>" }) }),
  });
  return { status: response.status, text: await response.text() };
}

/**
 * What the gate answers `asker` for the page: an action's JSON status; a page's status and whether
 * its data is allowed (signed out and in the grace, the page to complete is a 200).
 */
function expected(endpoint: Endpoint, asker: Asker | null) {
  const verdict = decide(endpoint, asker);
  if (endpoint.startsWith("POST ")) return { status: verdict.allowed ? undefined : verdict.status };
  const completes = asker === null || asker.twoFactorSetupRequired === true;
  return { status: verdict.allowed || completes ? 200 : 403, allowed: verdict.allowed };
}

/** A page's loader data, read as the browser's data request gets it (React Router's `.data`). */
async function pageData(endpoint: Endpoint, cookie: string | undefined): Promise<Record<string, unknown>> {
  const [, pattern] = endpoint.split(" ") as [string, string];
  const response = await fetch(`${site.url}${pattern.replace(":token", "no-such-token")}.data`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  const decoded = await decodeTurboStream(response.body!, globalThis);
  await decoded.done;
  const routes = Object.values(decoded.value as Record<string, { data?: Record<string, unknown> }>);
  return routes.at(-1)?.data ?? {};
}

/** Opens the page as `asker` (the cookie `cookie`) and checks the gate's answer, status and data. */
async function walk(endpoint: Endpoint, asker: Asker | null, cookie: string | undefined) {
  const { status } = await open(endpoint, cookie);
  const want = expected(endpoint, asker);
  if (want.status) expect(status).toBe(want.status);
  else expect([401, 403]).not.toContain(status);
  // The admin's own pages say whether their content was read; the invitee's and set-up pages are everyone's.
  if ("allowed" in want && PERMISSIONS[endpoint] !== "everyone")
    expect((await pageData(endpoint, cookie))["allowed"]).toBe(want.allowed);
}

describe("the permission table", () => {
  it("names every admin page the app declares", () => {
    const pages = adminPages();
    expect(pages.length).toBeGreaterThanOrEqual(7);
    for (const page of pages) expect(PERMISSIONS, page).toHaveProperty([page]);
  });
});

const personas: [string, Asker | null][] = [
  ["a visitor", null],
  ...ROLES.map((role): [string, Asker] => [role, { role }]),
];

describe.each(personas)("every admin page as %s", (name, asker) => {
  it.each(adminPages())("%s", (endpoint) => walk(endpoint, asker, asker ? cookies.get(name) : undefined));
});

describe("the audit trail's page", () => {
  it("shows an Administrator every account and the emails tried, and nobody else", async () => {
    const asAdmin = await open("GET /admin/audit", cookies.get("administrator"));
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.text).toContain(TRIED);
    expect(asAdmin.text).toContain("writer@example.lk");
    for (const role of ["editor", "writer"])
      for (const suffix of ["", ".data"]) {
        const page = await open("GET /admin/audit", cookies.get(role), suffix);
        expect(page.status).toBe(403);
        expect(page.text).not.toContain(TRIED);
      }
  });
});

// Last, as it puts every Administrator in the grace: with two-factor sign-in required of
// Administrators, one without it sees only the set-up on every admin page.
describe("every admin page as an Administrator in its two-factor grace", () => {
  let grace: string;
  beforeAll(async () => {
    const admin = adminFetch(site, cookies.get("administrator")!);
    const policy = await admin("/api/auth/two-factor-policy", {
      method: "PUT",
      body: JSON.stringify({ required: { administrator: true, editor: false, writer: false } }),
    });
    expect(policy.status).toBe(200);
    grace = await signIn(site.url);
  });

  it.each(adminPages())("%s", (endpoint) =>
    walk(endpoint, { role: "administrator", twoFactorSetupRequired: true }, grace),
  );

  it("reads nothing of the audit trail, as the page or as its data", async () => {
    for (const suffix of ["", ".data"]) {
      const page = await open("GET /admin/audit", grace, suffix);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(TRIED);
      expect(page.text).not.toContain("writer@example.lk");
    }
  });
});
