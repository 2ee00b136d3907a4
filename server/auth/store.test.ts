import { describe, expect, it } from "vitest";
import { describeEachStore } from "../../tests/helpers/each-store.ts";

describeEachStore((t) => {
  describe("users and sessions", () => {
    it("stores emails lower-case and refuses duplicates", async () => {
      expect(await t.store.users.create("Owner@Example.lk", "hash")).toMatchObject({ email: "owner@example.lk" });
      expect(await t.store.users.create("owner@example.lk", "hash")).toBeUndefined();
      expect(await t.store.users.count()).toBe(1);
      const [user] = await t.store.users.list();
      expect(typeof user!.id).toBe("number");
    });

    it("finds live sessions only and drops a removed user's sessions", async () => {
      const user = (await t.store.users.create("a@example.lk", "hash"))!;
      await t.store.sessions.create("live", user.id, new Date(Date.now() + 60_000));
      await t.store.sessions.create("old", user.id, new Date(Date.now() - 1));
      expect((await t.store.sessions.find("live"))?.user.email).toBe("a@example.lk");
      expect(await t.store.sessions.find("old")).toBeUndefined();
      expect(await t.store.sessions.removeExpired()).toBe(1);
      await t.store.users.remove(user.id);
      expect(await t.store.sessions.find("live")).toBeUndefined();
    });

    it("never removes the last administrator, even when two remove each other at once", async () => {
      const a = (await t.store.users.create("a@example.lk", "hash"))!;
      const b = (await t.store.users.create("b@example.lk", "hash"))!;
      const other = await t.rival();
      const results = await Promise.all([t.store.users.removeUnlessLast(b.id), other.users.removeUnlessLast(a.id)]);
      expect(results.map((result) => (typeof result === "string" ? result : result.result)).sort()).toEqual([
        "last",
        "removed",
      ]);
      expect(await t.store.users.count()).toBe(1);
      expect(await t.store.users.removeUnlessLast(4242)).toBe("missing");
    });
  });

  describe("accounts and the invitations", () => {
    const inviteFrom = (invitedBy: number, email: string, token: string) =>
      t.store.invitations.create({
        email,
        role: "administrator",
        invitedBy,
        token,
        expiresAt: new Date(Date.now() + 60_000),
      });

    it("an account made by any path (setup, ADMIN_EMAIL, the CLI all make it here) closes the invitation to its email", async () => {
      const admin = (await t.store.users.create("admin@example.lk", "hash"))!;
      await inviteFrom(admin.id, "Later@Example.lk", "later-token");
      expect(await t.store.invitations.findPending("later-token")).toBeDefined();
      await t.store.users.create("LATER@example.lk", "hash", "writer");
      expect(await t.store.invitations.findPending("later-token")).toBeUndefined();
      expect(await t.store.invitations.listPending()).toEqual([]);
      await t.store.users.removeUnlessLast((await t.store.users.findByEmail("later@example.lk"))!.id);
      // The address has no account again; the link still does not work.
      expect(await t.store.invitations.findPending("later-token")).toBeUndefined();
      expect(await t.store.invitations.accept("later-token", "hash")).toBe("gone");
      expect(await t.store.users.findByEmail("later@example.lk")).toBeUndefined();
    });

    it("a demotion and an accept at once: the account was made first, or the invitation was revoked", async () => {
      const admin = (await t.store.users.create("admin@example.lk", "hash"))!;
      const other = await t.rival();
      for (let round = 0; round < 8; round++) {
        const sender = (await t.store.users.create(`sender${round}@example.lk`, "hash"))!;
        await inviteFrom(sender.id, `invitee${round}@example.lk`, `race-token-${round}`);
        const [demoted, accepted] = await Promise.all([
          other.users.setRoleUnlessLast(sender.id, "writer"),
          t.store.invitations.accept(`race-token-${round}`, "hash"),
        ]);
        if (typeof demoted === "string") throw new Error(`demotion refused: ${demoted}`);
        const made = await t.store.users.findByEmail(`invitee${round}@example.lk`);
        if (typeof accepted === "object") {
          expect(demoted.revokedInvitations).toEqual([]);
          expect(made?.role).toBe("administrator");
        } else {
          expect(accepted).toBe("gone");
          expect(demoted.revokedInvitations.map((invitation) => invitation.email)).toEqual([
            `invitee${round}@example.lk`,
          ]);
          expect(made).toBeUndefined();
        }
      }
      expect((await t.store.users.findById(admin.id))?.role).toBe("administrator");
    });
  });
});
