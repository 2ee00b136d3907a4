import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Role } from "#content/roles.ts";
import type { AppBindings } from "./context.ts";
import { enforcePermissions } from "./permissions.ts";

/** An API with one endpoint in the permission table and one missing from it, signed in as `role`. */
function apiAs(role: Role | null) {
  const api = new Hono<AppBindings>();
  api.use((c, next) => {
    c.set("user", role && { id: 1, email: `${role}@example.lk`, role });
    return next();
  });
  api.use(enforcePermissions);
  api.get("/api/messages", (c) => c.json({ ok: true }));
  api.post("/api/not-in-the-table", (c) => c.json({ ok: true }));
  api.all("*", (c) => c.json({ error: "none" }, 404));
  return api;
}

describe("enforcePermissions", () => {
  it("lets a role through where the table says so, and refuses another with its name", async () => {
    expect((await apiAs("editor").request("/api/messages")).status).toBe(200);
    // A HEAD request reaches the GET endpoint, and is held to it.
    expect((await apiAs("writer").request("/api/messages", { method: "HEAD" })).status).toBe(403);
    const refused = await apiAs("writer").request("/api/messages");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Your role (Writer) cannot do this." });
    expect((await apiAs(null).request("/api/messages")).status).toBe(401);
  });

  it("refuses an endpoint missing from the table to all but Administrators", async () => {
    expect((await apiAs("administrator").request("/api/not-in-the-table", { method: "POST" })).status).toBe(200);
    expect((await apiAs("editor").request("/api/not-in-the-table", { method: "POST" })).status).toBe(403);
    expect((await apiAs(null).request("/api/not-in-the-table", { method: "POST" })).status).toBe(401);
  });

  it("leaves a path no endpoint has to the API's 404", async () => {
    expect((await apiAs(null).request("/api/nothing-here")).status).toBe(404);
  });
});
