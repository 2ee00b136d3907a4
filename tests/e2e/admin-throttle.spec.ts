import { startSite } from "./fixtures.ts";
import { expect, test, toast, TEST_ADMIN } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";

test.describe.configure({ timeout: budget(120_000) });

test("repeated wrong passwords get the server's throttling message", async ({ page }) => {
  const site = await startSite();
  try {
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${site.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: TEST_ADMIN.email, password: `wrong ${i}` }),
      });
      expect(response.status).toBe(401);
    }
    await page.goto(`${site.url}/admin`);
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(
      toast(page, /Too many sign-in attempts\. Please wait \d+ minutes? and try again\./, "error"),
    ).toBeVisible({ timeout: budget(30_000) });
    await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
  } finally {
    await site.close();
  }
});
