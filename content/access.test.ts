import { describe, expect, it } from "vitest";
import { decide } from "./access.ts";
import { PERMISSIONS, RECONFIRM, ROLES, TWO_FACTOR_SETUP, type Endpoint } from "./roles.ts";

const endpoints = Object.keys(PERMISSIONS) as Endpoint[];

describe("the gate's one order: role, then two-factor grace, then a recent password", () => {
  it.each(ROLES)("answers %s from the table for every endpoint and admin page", (role) => {
    for (const endpoint of endpoints) {
      const access = PERMISSIONS[endpoint];
      const verdict = decide(endpoint, { role });
      if (access === "everyone" || access.includes(role)) {
        // Only the sensitive endpoints ask for a recent password.
        const stale = decide(endpoint, { role }, false);
        expect(stale.allowed, endpoint).toBe(!RECONFIRM.has(endpoint));
        expect(verdict).toEqual({ allowed: true, asVisitor: false });
      } else expect(verdict, endpoint).toMatchObject({ allowed: false, status: 403 });
    }
  });

  it("refuses a visitor everything not open to everyone, with 401", () => {
    for (const endpoint of endpoints)
      expect(decide(endpoint, null).allowed, endpoint).toBe(PERMISSIONS[endpoint] === "everyone");
  });

  it("lets an account in its grace set two-factor up and nothing else, pages included", () => {
    for (const endpoint of endpoints) {
      const verdict = decide(endpoint, { role: "administrator", twoFactorSetupRequired: true });
      if (TWO_FACTOR_SETUP.has(endpoint)) expect(verdict, endpoint).toEqual({ allowed: true, asVisitor: false });
      else if (PERMISSIONS[endpoint] === "everyone")
        expect(verdict, endpoint).toEqual({ allowed: true, asVisitor: true });
      else expect(verdict, endpoint).toMatchObject({ allowed: false, status: 403, twoFactorSetup: true });
    }
    expect(decide("GET /admin/audit", { role: "administrator", twoFactorSetupRequired: true }).allowed).toBe(false);
  });
});
