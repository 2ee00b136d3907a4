import type { ServicesContent } from "#content/schemas.ts";
import { expect, openAdminTab, test, toast } from "./admin-helpers.ts";
import type { Page } from "@playwright/test";
import { budget } from "../helpers/machine.ts";

// Several engineers share two CPU cores: give a cold server and axe room.
test.describe.configure({ timeout: budget(90_000) });

const card = (page: Page, position: number) =>
  page
    .getByRole("list", { name: "Services" })
    .getByRole("listitem")
    .filter({ hasText: `Position ${position}` });

async function storedTitles(site: { read: <T>(key: string) => Promise<{ data: T }> }) {
  const { services } = (await site.read<ServicesContent>("services")).data;
  return [...services].sort((a, b) => a.placementId - b.placementId).map((s) => [s.title, s.placementId] as const);
}

test("reorder by the arrow buttons and by keyboard drag rewrites every placementId", async ({ page, site }) => {
  const before = (await site.read<ServicesContent>("services")).data.services.sort(
    (a, b) => a.placementId - b.placementId,
  );
  const [first, second, third] = before.map((s) => s.title);
  await openAdminTab(page, site, "services");
  await expect(page.getByRole("button", { name: `Move ${first} up` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Move ${before.at(-1)!.title} down` })).toBeDisabled();

  await page.getByRole("button", { name: `Move ${first} down` }).click();
  await expect(card(page, 1)).toContainText(second!);
  await expect(card(page, 2)).toContainText(first!);

  // Keyboard drag with dnd-kit's keyboard sensor: lift, move right (grid), drop.
  const grip = page.getByRole("button", { name: `Drag to reorder ${third}` });
  await grip.focus();
  // Each key once the sensor has taken the last, as a person waits to hear it: lift, move, drop.
  const announced = page.getByRole("status").filter({ hasText: /moved to position/ });
  await page.keyboard.press("Space");
  await expect(announced).toContainText(`${third} moved to position 3.`);
  await page.keyboard.press("ArrowLeft");
  await expect(announced).toContainText(`${third} moved to position 2.`);
  await page.keyboard.press("Space");
  await expect(card(page, 2)).toContainText(third!);
  await expect(card(page, 3)).toContainText(first!);

  await page.getByRole("button", { name: "Save Services Content" }).click();
  await expect(toast(page, "Services content updated successfully", "success")).toBeVisible();
  const stored = await storedTitles(site);
  expect(stored.slice(0, 3)).toEqual([
    [second, 0],
    [third, 1],
    [first, 2],
  ]);
  expect(stored.map(([, id]) => id)).toEqual(before.map((_, i) => i));
  await page.goto(`${site.url}/services`);
  const headings = page.getByRole("heading", { level: 2 });
  await expect(headings.first()).toHaveText(second!);
});

test("reorder by mouse drag", async ({ page, site }) => {
  const before = (await site.read<ServicesContent>("services")).data.services.sort(
    (a, b) => a.placementId - b.placementId,
  );
  await openAdminTab(page, site, "services");
  const from = page.getByRole("button", { name: `Drag to reorder ${before[0]!.title}` });
  // Drop the grip where the second card's grip is, so the dragged card lands on that slot.
  const to = page.getByRole("button", { name: `Drag to reorder ${before[1]!.title}` });
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 20, a.y + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(card(page, 1)).toContainText(before[1]!.title);
  await expect(card(page, 2)).toContainText(before[0]!.title);
});

test("the Edit Service dialog: Cancel discards, Save Changes writes back with trimmed features", async ({
  page,
  site,
}) => {
  await openAdminTab(page, site, "services");
  await page.getByRole("button", { name: "Add Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Service" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  const last = page.getByRole("list", { name: "Services" }).getByRole("listitem").last();
  await expect(last).toContainText("Untitled Service");

  await last.getByRole("button", { name: "Edit Untitled Service" }).click();
  await dialog.getByLabel("Title").fill("Should be discarded");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(last).toContainText("Untitled Service");

  await last.getByRole("button", { name: "Edit Untitled Service" }).press("Enter");
  await dialog.getByLabel("Title").fill("Export Marketing");
  await dialog.getByLabel("Description").fill("Trade-show and overseas campaigns.");
  await dialog.getByLabel("Features").fill(" Trade shows , , Buyer lists,Export pricing ,  Packaging, Translations ,");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(last).toContainText("Export Marketing");
  await expect(last).toContainText("Trade shows");
  await expect(last).toContainText("+2 more features");

  await page.getByRole("button", { name: "Save Services Content" }).click();
  await expect(toast(page, "Services content updated successfully")).toBeVisible();
  const saved = (await site.read<ServicesContent>("services")).data.services;
  const stored = saved.find((s) => s.title === "Export Marketing")!;
  expect(stored.features).toEqual(["Trade shows", "Buyer lists", "Export pricing", "Packaging", "Translations"]);
  expect(stored.placementId).toBe(saved.length - 1);

  await page.getByRole("button", { name: "Delete Export Marketing" }).click();
  await expect(page.getByText("Export Marketing")).toHaveCount(0);
  await page.getByRole("button", { name: "Save Services Content" }).click();
  await expect
    .poll(async () =>
      (await site.read<ServicesContent>("services")).data.services.some((s) => s.title === "Export Marketing"),
    )
    .toBe(false);
});

test("service AI: disabled for an empty title, toasts for a blank title and for a failure", async ({ page, site }) => {
  await openAdminTab(page, site, "services");
  await page.getByRole("button", { name: "Add Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Service" });
  const generate = dialog.getByRole("button", { name: "Generate with AI" });
  await expect(generate).toBeDisabled();
  await dialog.getByLabel("Title").fill("   ");
  await generate.click();
  const blank = toast(page, "Please enter a service title first", "error");
  await expect(blank).toBeVisible();
  await expect(blank).toContainText("Error");
  await dialog.getByLabel("Title").fill("Tourism Marketing");
  await generate.click();
  const failed = toast(page, "Failed to generate service content", "error");
  await expect(failed).toBeVisible();
  await expect(failed).toContainText("Error");
  await expect(dialog.getByLabel("Description")).toHaveValue("");
  await expect(generate).toBeEnabled();
});

test("a feature containing a comma survives an untouched Save Changes and edits of other fields", async ({
  page,
  site,
}) => {
  const current = (await site.read<ServicesContent>("services")).data;
  const features = ["Google, Meta and TikTok ads", "Monthly reports"];
  await site.save("services", {
    ...current,
    services: current.services.map((s, i) => (i === 0 ? { ...s, features } : s)),
  });
  const title = current.services.find((s) => s.placementId === 0)!.title;
  await openAdminTab(page, site, "services");
  const dialog = page.getByRole("dialog", { name: "Edit Service" });

  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await dialog.getByLabel("Description").fill("Paid social and search, run by people who report every rupee.");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("button", { name: "Save Services Content" }).click();
  await expect(toast(page, "Services content updated successfully", "success")).toBeVisible();
  const stored = (await site.read<ServicesContent>("services")).data.services.find((s) => s.title === title)!;
  expect(stored.features).toEqual(features);
  expect(stored.description).toBe("Paid social and search, run by people who report every rupee.");

  // Typing in the field still splits on commas.
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await dialog.getByLabel("Features").fill("Search ads, Social ads ,");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("button", { name: "Save Services Content" }).click();
  await expect
    .poll(
      async () => (await site.read<ServicesContent>("services")).data.services.find((s) => s.title === title)!.features,
    )
    .toEqual(["Search ads", "Social ads"]);
});
