import { expect, expectNoAxeViolations, signIn, test, toast, TEST_ADMIN } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";

// Several engineers share two CPU cores: give a cold server and axe room.
test.describe.configure({ timeout: budget(90_000) });

test("wrong credentials show the destructive error toast and keep the form", async ({ page, site }) => {
  await page.goto(`${site.url}/admin`);
  await page.getByLabel("Email").fill(TEST_ADMIN.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  const error = toast(page, "Invalid credentials. Please try again.", "error");
  await expect(error).toBeVisible({ timeout: budget(30_000) });
  await expect(error).toContainText("Error");
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(TEST_ADMIN.email);
});

test("email and password are required", async ({ page, site }) => {
  await page.goto(`${site.url}/admin`);
  await expect(page.getByLabel("Email")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Password")).toHaveAttribute("required", "");
  await page.getByRole("button", { name: "Sign in" }).click();
  expect(await page.getByLabel("Email").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
});

test("sign-in shows the panel, survives a reload, and logout clears the fields", async ({ page, site }) => {
  await page.goto(`${site.url}/admin`);
  await page.getByLabel("Email").fill(TEST_ADMIN.email);
  await page.getByLabel("Password").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const success = toast(page, "Successfully logged in to admin panel.", "success");
  await expect(success).toBeVisible({ timeout: budget(30_000) });
  await expect(success).toContainText("Success");
  await expect(page.getByRole("heading", { name: `Welcome, ${TEST_ADMIN.email}` })).toBeVisible();
  await expect(page.getByText("Database: connected · Content: loaded · Sections: 8")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: `Welcome, ${TEST_ADMIN.email}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "Successfully logged out.", "success")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(page.getByLabel("Password")).toHaveValue("");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
});

test("the tabs appear in order and the chosen tab stays in the address", async ({ page, site }) => {
  await signIn(page, site);
  await expect(page.getByRole("tablist", { name: "Content sections" }).getByRole("tab")).toHaveText([
    "Home",
    "Services",
    "Blog",
    "Pages",
    "Partners",
    "About",
    "Contact",
    "Legal",
    "AI",
  ]);
  await page.getByRole("tab", { name: "Services" }).click();
  await expect(page).toHaveURL(/\?tab=services$/);
  await expect(page.getByRole("button", { name: "Save Services Content" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("tab", { name: "Services" })).toHaveAttribute("aria-selected", "true");
  for (const [tab, label] of [
    ["Home", "Save Home Content"],
    ["Blog", "Save Blog Content"],
    ["Partners", "Save Partners Content"],
    ["About", "Save About Content"],
    ["Contact", "Save Contact Content"],
    ["AI", "Save AI Settings"],
  ] as const) {
    await page.getByRole("tab", { name: tab, exact: true }).click();
    await expect(page.getByRole("button", { name: label })).toBeVisible();
  }
  await page.getByRole("tab", { name: "Legal" }).click();
  await expect(page.getByRole("tab", { name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Privacy Policy" })).toBeVisible();
  await page.getByRole("tab", { name: "Terms & Conditions" }).click();
  await expect(page.getByRole("button", { name: "Save Terms & Conditions" })).toBeVisible();
});

test("axe finds no violations signed out and signed in", async ({ page, site }) => {
  await page.goto(`${site.url}/admin`);
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page, site);
  await expect(page.getByText(/Database: connected/)).toBeVisible();
  await expectNoAxeViolations(page);
  for (const tab of ["Services", "Blog"]) {
    await page.getByRole("tab", { name: tab, exact: true }).click();
    await expect(page.getByRole("button", { name: `Save ${tab} Content` })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("the keyboard reaches the tab list, switches tabs with arrows, and reaches the save button", async ({
  page,
  site,
}) => {
  await signIn(page, site);
  const homeTab = page.getByRole("tab", { name: "Home" });
  for (let i = 0; i < 10 && !(await homeTab.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(homeTab).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Services" })).toBeFocused();
  await page.keyboard.press("Enter");
  const save = page.getByRole("button", { name: "Save Services Content" });
  await expect(save).toBeVisible();
  for (let i = 0; i < 80 && !(await save.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(save).toBeFocused();
});
