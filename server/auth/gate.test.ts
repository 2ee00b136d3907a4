import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { SETUP_REQUIRED } from "#content/two-factor.ts";
import type { Role } from "#content/roles.ts";
import type { AppBindings, SignedInUser } from "#server/http/context.ts";
import { enforceGate } from "./gate.ts";

const noSessions = { store: { sessions: { find: async () => undefined } } };

/** An API with endpoints of the permission table and one missing from it, signed in as `user`. */
function apiAs(user: (Partial<SignedInUser> & { role: Role }) | null) {
  const api = new Hono<AppBindings<typeof noSessions>>();
  api.use((c, next) => {
    c.set("deps", noSessions);
    c.set("user", user && { id: 1, email: `${user.role}@example.lk`, ...user });
    return next();
  });
  api.use(enforceGate as never);
  api.get("/api/messages", (c) => c.json({ ok: true }));
  api.get("/api/auth/totp", (c) => c.json({ ok: true }));
  api.get("/api/chat/settings", (c) => c.json({ signedIn: c.var.user !== null }));
  api.get("/api/backup", (c) => c.json({ ok: true }));
  api.post("/api/not-in-the-table", (c) => c.json({ ok: true }));
  api.all("*", (c) => c.json({ error: "none" }, 404));
  return api;
}

describe("enforceGate", () => {
  it("lets a role through where the table says so, and refuses another with its name", async () => {
    expect((await apiAs({ role: "editor" }).request("/api/messages")).status).toBe(200);
    // A HEAD request reaches the GET endpoint, and is held to it.
    expect((await apiAs({ role: "writer" }).request("/api/messages", { method: "HEAD" })).status).toBe(403);
    const refused = await apiAs({ role: "writer" }).request("/api/messages");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Your role (Writer) cannot do this." });
    expect((await apiAs(null).request("/api/messages")).status).toBe(401);
  });

  it("refuses an endpoint missing from the table to all but Administrators", async () => {
    const post = { method: "POST" };
    expect((await apiAs({ role: "administrator" }).request("/api/not-in-the-table", post)).status).toBe(200);
    expect((await apiAs({ role: "editor" }).request("/api/not-in-the-table", post)).status).toBe(403);
    expect((await apiAs(null).request("/api/not-in-the-table", post)).status).toBe(401);
  });

  it("keeps an account in its two-factor grace to the set-up, and a visitor elsewhere", async () => {
    const grace = apiAs({ role: "administrator", twoFactorSetupRequired: true });
    const refused = await grace.request("/api/messages");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: SETUP_REQUIRED, twoFactorSetup: true });
    expect((await grace.request("/api/auth/totp")).status).toBe(200);
    expect(await (await grace.request("/api/chat/settings")).json()).toEqual({ signedIn: false });
  });

  it("asks for the password again where the table says so, when the session has none recent", async () => {
    const answer = await apiAs({ role: "administrator" }).request("/api/backup");
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: "Confirm your password to continue.", reconfirm: true });
  });

  it("leaves a path no endpoint has to the API's 404", async () => {
    expect((await apiAs(null).request("/api/nothing-here")).status).toBe(404);
  });
});
