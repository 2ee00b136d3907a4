// Invitations (issue 28 item 2) in Chromium: an Administrator invites an Editor on a site with no
// mail set up, copies the link, and the invitee, in a browser of their own, sets a password and is
// in the admin as an Editor; the used link then says it no longer works.
import type { Page } from "@playwright/test";
import { budget } from "../helpers/machine.ts";
import {
  expect,
  expectNoAxeViolations,
  openAdmin,
  secondBrowser,
  test,
  toast,
  type Site,
} from "./admin-tools-helpers.ts";

// Password hashing is deliberately slow; the invitee sets a password and is signed in.
test.describe.configure({ timeout: budget(120_000) });

async function openAdministrators(page: Page, site: Site) {
  await openAdmin(page, site);
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Administrators" }).click();
  return page.getByRole("dialog", { name: "Administrators" });
}

test("an Administrator invites an Editor, copies the link; the invitee sets a password and edits as an Editor", async ({
  page,
  site,
  context,
  browser,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
  const dialog = await openAdministrators(page, site);
  await expect(dialog.getByText("No invitations are waiting.")).toBeVisible();

  // A typo in the address: the server's words, and nothing stored.
  await dialog.getByLabel("Who to invite").fill("nadeesha@");
  await dialog.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("email: Enter a valid email address.");
  expect(await site.server.deps.store.invitations.listPending()).toEqual([]);

  await dialog.getByLabel("Who to invite").fill("nadeesha@agency.lk");
  await dialog.getByLabel("Role to invite as").selectOption("editor");
  await dialog.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(toast(page, "Invitation created. Copy the link and send it yourself.")).toBeVisible();
  const shown = dialog.getByRole("textbox", { name: "Invitation link for nadeesha@agency.lk" });
  const link = await shown.inputValue();
  expect(new URL(link).pathname).toMatch(/^\/admin\/invite\/[\w-]{43}$/);

  await dialog.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(toast(page, "The invitation link is on your clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const pending = dialog.getByRole("list", { name: "Pending invitations" }).getByRole("listitem");
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText("nadeesha@agency.lk");
  await expect(pending).toContainText("Editor · expires");
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await dialog.getByRole("button", { name: "Copy the invitation link for nadeesha@agency.lk" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pending).toBeVisible();
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectNoAxeViolations(page);

  const invitee = await secondBrowser(browser, [/status of 400/]);
  try {
    const other = invitee.page;
    await other.setViewportSize({ width: 390, height: 844 });
    await other.goto(link);
    await expect(other.getByRole("heading", { name: "You're invited as Editor" })).toBeVisible();
    await expect(other.getByText("nadeesha@agency.lk")).toBeVisible();
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(other);

    // The two passwords differ: said in the page, nothing sent.
    await other.getByLabel("Password", { exact: true }).fill("nadeesha-password-1");
    await other.getByLabel("Repeat password").fill("nadeesha-password-2");
    await other.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(other.getByRole("alert")).toHaveText("The two passwords are not the same.");
    expect(await site.server.deps.store.users.findByEmail("nadeesha@agency.lk")).toBeUndefined();

    await other.getByLabel("Repeat password").fill("nadeesha-password-1");
    await other.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(other.getByRole("heading", { name: /Welcome/ })).toBeVisible({ timeout: budget(30_000) });
    await expect(other.getByText("Editor", { exact: true })).toBeVisible();
    await expect(other.getByRole("tablist", { name: "Content sections" }).getByRole("tab")).toHaveCount(9);
    expect((await site.server.deps.store.users.findByEmail("nadeesha@agency.lk"))?.role).toBe("editor");

    // Used once: the link now says so, with the way to sign in.
    await other.goto(link);
    await expect(other.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
    await expect(other.getByText("This invitation has expired or was already used.")).toBeVisible();
    await expect(other.getByRole("link", { name: "sign in" })).toHaveAttribute("href", "/admin");
    await expectNoAxeViolations(other);
    expect(invitee.errors).toEqual([]);
  } finally {
    await invitee.context.close();
  }

  // The Administrator's list no longer has it once it is reloaded.
  await page.reload();
  const reopened = await openAdministrators(page, site);
  await expect(reopened.getByText("No invitations are waiting.")).toBeVisible();
});

test("revoking a pending invitation stops its link", async ({ page, site, browser }) => {
  const dialog = await openAdministrators(page, site);
  await dialog.getByLabel("Who to invite").fill("intern@agency.lk");
  await dialog.getByLabel("Role to invite as").selectOption("writer");
  await dialog.getByRole("button", { name: "Invite", exact: true }).click();
  const link = await dialog.getByRole("textbox", { name: "Invitation link for intern@agency.lk" }).inputValue();
  await dialog.getByRole("button", { name: "Revoke the invitation for intern@agency.lk" }).click();
  await expect(toast(page, "The invitation for intern@agency.lk no longer works.")).toBeVisible();
  await expect(dialog.getByText("No invitations are waiting.")).toBeVisible();

  const visitor = await secondBrowser(browser);
  try {
    await visitor.page.goto(link);
    await expect(visitor.page.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
  } finally {
    await visitor.context.close();
  }
});
