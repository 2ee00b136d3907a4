import type { ServicesContent } from "#content/schemas.ts";
import { expect, signIn, test, toast } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";

test.describe.configure({ timeout: budget(90_000) });

test("the admin panel runs under the site's Content Security Policy without a violation", async ({ page, site }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  page.on("console", (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(message.text());
  });

  // Signing in, loading every section and saving one parse documents with the shared zod schemas.
  await signIn(page, site, "services");
  const { services } = (await site.read<ServicesContent>("services")).data;
  await page.getByRole("button", { name: `Edit ${services[0]!.title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Service" });
  await dialog.getByLabel("Description").fill("Checked under the Content Security Policy.");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("button", { name: "Save Services Content" }).click();
  await expect(toast(page, "Services content updated successfully", "success")).toBeVisible();

  const reported = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  expect([...reported, ...violations]).toEqual([]);
});
