import sharp from "sharp";
import { expect, openAdmin, test } from "./owner-helpers.ts";

test.describe.configure({ timeout: 120_000 });

for (const width of [1280, 375]) {
  test(`screenshots ${width}`, async ({ page, site }) => {
    const { store } = site.server.deps;
    if ((await store.messages.list()).length === 0) {
      const people = [
        ["Nimal Perera", "nimal@pererateas.lk", "Perera Tea Exports", "We export Ceylon tea to Europe and want a new brand identity before the spring trade fairs.\nCould we meet next week?"],
        ["Kamala Silva", "kamala.silva@gmail.com", "", "Hi! I run a small bakery in Kandy and need help with Instagram ads."],
        ["Ashan Fernando", "ashan@lankalogistics.com", "Lanka Logistics (Pvt) Ltd", "Looking for a quote on a full website redesign and SEO retainer for 12 months."],
      ] as const;
      for (const [i, [name, email, company, message]] of people.entries()) {
        await store.messages.add(
          { name, email, company, message, ip: "203.0.113.1", userAgent: "shots" },
          i === 0 ? { channels: ["email", "forward"], origin: site.url } : undefined,
        );
      }
    }
    await page.setViewportSize({ width, height: 900 });
    await openAdmin(page, site, "contact");
    const inbox = page.getByRole("region", { name: /^Messages/ });
    await inbox.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    await inbox.screenshot({ path: `/tmp/shots-e/inbox-${width}.png` });
    await page.screenshot({ path: `/tmp/shots-e/tabs-${width}.png` });
    await inbox.getByRole("button", { name: /^Nimal Perera/ }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shots-e/message-${width}.png` });
    await page.keyboard.press("Escape");

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots-e/menu-${width}.png` });
    await page.getByRole("menuitem", { name: "Change password" }).click();
    const pw = page.getByRole("dialog", { name: "Change password" });
    await pw.getByLabel("Current password").fill("wrong-one");
    await pw.getByLabel("New password", { exact: true }).fill("new-password-1");
    await pw.getByLabel("Repeat new password").fill("new-password-1");
    await pw.getByRole("button", { name: "Change password" }).click();
    await expect(pw.getByRole("alert")).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-e/password-${width}.png` });
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Administrators" }).click();
    const admins = page.getByRole("dialog", { name: "Administrators" });
    await expect(admins.getByRole("list")).toBeVisible();
    await admins.getByRole("button", { name: /^Remove/ }).first().click();
    await page.screenshot({ path: `/tmp/shots-e/admins-${width}.png` });
    await page.keyboard.press("Escape");

    await page.goto(`${site.url}/admin?tab=partners`);
    await page.getByRole("button", { name: /^Edit / }).first().click();
    const dialog = page.getByRole("dialog", { name: "Edit Partner" });
    const png = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 225, g: 29, b: 72, alpha: 1 } } }).png().toBuffer();
    const choosing = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload" }).click();
    await (await choosing).setFiles({ name: "a.png", mimeType: "image/png", buffer: png });
    await expect(dialog.getByLabel("Logo URL")).toHaveValue(/media/);
    await page.screenshot({ path: `/tmp/shots-e/upload-${width}.png` });
    const again = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload" }).click();
    await (await again).setFiles({ name: "b.png", mimeType: "image/png", buffer: Buffer.from("text") });
    await expect(dialog.getByText(/not an image/)).toBeVisible();
    await dialog.screenshot({ path: `/tmp/shots-e/upload-error-${width}.png` });
  });
}
