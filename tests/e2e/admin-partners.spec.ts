import type { Locator, Page } from "@playwright/test";
import { defaultPartners } from "#content/defaults.ts";
import type { PartnersContent } from "#content/schemas.ts";
import { expect, test, type Site } from "./fixtures.ts";
import { openAdminTab } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";

async function stored(site: Site) {
  return (await site.read<PartnersContent>("partners")).data;
}

/** The partner cards in the order shown. */
const cards = (page: Page) => page.getByRole("list", { name: "Partners" }).getByRole("listitem");
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });

async function dragOnto(page: Page, handle: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

// Long multi-page flows on a shared, busy machine: more room than the default 30 s.
test.describe.configure({ timeout: budget(60_000) });

test.beforeEach(async ({ site }) => {
  await site.save("partners", defaultPartners);
});

test("partners reorder with the arrow buttons and by drag, and every placementId is stored", async ({ page, site }) => {
  const names = defaultPartners.partners.map((p) => p.name);
  expect(names.length).toBeGreaterThanOrEqual(3);
  // Tall enough that the whole list is on screen while dragging.
  await page.setViewportSize({ width: 1280, height: 1600 });
  await openAdminTab(page, site, "partners");

  const headings = cards(page).getByRole("heading");
  await expect(headings).toHaveText(names);
  await expect(cards(page).first().getByText("Position 1")).toBeVisible();
  await expect(page.getByRole("button", { name: `Move ${names[0]} up` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Move ${names.at(-1)} down` })).toBeDisabled();

  await page.getByRole("button", { name: `Move ${names[0]} down` }).click();
  const afterButtons = [names[1]!, names[0]!, ...names.slice(2)];
  await expect(headings).toHaveText(afterButtons);
  await expect(page.getByRole("button", { name: `Move ${names[1]} up` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Move ${names[0]} up` })).toBeEnabled();

  // Drag the last card onto the first position.
  const last = names.at(-1)!;
  await dragOnto(page, page.getByRole("button", { name: `Drag to reorder ${last}` }), cards(page).first());
  const afterDrag = [last, ...afterButtons.filter((name) => name !== last)];
  await expect(headings).toHaveText(afterDrag);
  await expect(card(page, last).getByText("Position 1")).toBeVisible();

  // Nothing is stored before the save button.
  expect((await stored(site)).partners.map((p) => p.name)).toEqual(names);

  await page.getByRole("button", { name: "Save Partners Content" }).click();
  await expect(page.getByText("Partners content updated successfully")).toBeVisible();
  const saved = (await stored(site)).partners;
  expect(saved.map((p) => p.name)).toEqual(afterDrag);
  expect(saved.map((p) => p.placementId)).toEqual(afterDrag.map((_, index) => index));

  await page.goto(`${site.url}/partners`);
  await expect(
    page
      .getByRole("heading", { level: 3 })
      .or(page.getByRole("heading", { level: 2 }))
      .filter({ hasText: last })
      .first(),
  ).toBeVisible();
});

test("the homepage toggle flips its label and status, and the Home logo strip follows after save", async ({
  page,
  site,
}) => {
  const [first, second] = defaultPartners.partners;
  await openAdminTab(page, site, "partners");

  const target = card(page, first!.name);
  await expect(target.getByText("Visible on homepage")).toBeVisible();
  await target.getByRole("button", { name: "Hide from homepage" }).click();
  await expect(target.getByText("Hidden from homepage")).toBeVisible();
  await expect(target.getByRole("button", { name: "Show on homepage" })).toBeVisible();
  await expect(target.getByRole("button", { name: "Hide from homepage" })).toHaveCount(0);
  // The others are untouched.
  await expect(card(page, second!.name).getByText("Visible on homepage")).toBeVisible();

  await page.getByRole("button", { name: "Save Partners Content" }).click();
  await expect(page.getByText("Partners content updated successfully")).toBeVisible();
  const saved = (await stored(site)).partners;
  expect(saved.find((p) => p.name === first!.name)?.showInHomepage).toBe(false);
  // The others keep their setting.
  expect(saved.filter((p) => p.name !== first!.name)).toEqual(defaultPartners.partners.slice(1));

  await page.goto(site.url);
  const strip = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Trusted by Industry Leaders" }) });
  await expect(strip.getByRole("img", { name: new RegExp(second!.name) }).first()).toBeAttached();
  await expect(strip.getByRole("img", { name: new RegExp(first!.name) })).toHaveCount(0);

  // Show it again: back in the strip.
  await openAdminTab(page, site, "partners");
  await card(page, first!.name).getByRole("button", { name: "Show on homepage" }).click();
  await expect(card(page, first!.name).getByText("Visible on homepage")).toBeVisible();
  await page.getByRole("button", { name: "Save Partners Content" }).click();
  await expect(page.getByText("Partners content updated successfully")).toBeVisible();
  await page.goto(site.url);
  await expect(strip.getByRole("img", { name: new RegExp(first!.name) }).first()).toBeAttached();
});

test("the Edit Partner dialog discards on Cancel and × and writes back on Save Changes", async ({ page, site }) => {
  const [first] = defaultPartners.partners;
  await openAdminTab(page, site, "partners");

  // Clicking the card opens the dialog with a copy of the partner.
  await card(page, first!.name).getByText(first!.description).click();
  const dialog = page.getByRole("dialog", { name: "Edit Partner" });
  await expect(dialog.getByLabel("Partner Name")).toHaveValue(first!.name);
  await expect(dialog.getByLabel("Description")).toHaveValue(first!.description);
  await expect(dialog.getByLabel("Logo URL")).toHaveValue(first!.logo);
  await expect(dialog.getByLabel("Website URL")).toHaveValue(first!.website);
  await dialog.getByLabel("Partner Name").fill("Discarded Name");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, first!.name)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Discarded Name" })).toHaveCount(0);

  // × discards too, and the next opening starts from the draft again.
  await card(page, first!.name)
    .getByRole("button", { name: `Edit ${first!.name}` })
    .click();
  await dialog.getByLabel("Partner Name").fill("Also Discarded");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await card(page, first!.name)
    .getByRole("button", { name: `Edit ${first!.name}` })
    .click();
  await expect(dialog.getByLabel("Partner Name")).toHaveValue(first!.name);

  // A bad website is marked and cannot be written back.
  await dialog.getByLabel("Website URL").fill("ftp://files.example");
  await expect(dialog.getByLabel("Website URL")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText(/^Use an address starting with https:\/\//)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeDisabled();

  await dialog.getByLabel("Partner Name").fill("Colombo Print House");
  await dialog.getByLabel("Description").fill("Large-format printing for our outdoor campaigns.");
  await dialog.getByLabel("Website URL").fill("https://www.colomboprint.example");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  const edited = card(page, "Colombo Print House");
  await expect(edited.getByText("Large-format printing for our outdoor campaigns.")).toBeVisible();
  await expect(edited.getByText("https://www.colomboprint.example")).toBeVisible();

  await page.getByRole("button", { name: "Save Partners Content" }).click();
  await expect(page.getByText("Partners content updated successfully")).toBeVisible();
  expect((await stored(site)).partners[0]).toEqual({
    ...first,
    name: "Colombo Print House",
    description: "Large-format printing for our outdoor campaigns.",
    website: "https://www.colomboprint.example",
  });
});

test("Add Partner makes an Untitled Partner at the end; Delete removes a partner", async ({ page, site }) => {
  const names = defaultPartners.partners.map((p) => p.name);
  await openAdminTab(page, site, "partners");

  await page.getByRole("button", { name: "Add Partner" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Partner" });
  await expect(dialog.getByLabel("Partner Name")).toHaveValue("");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  const added = card(page, "Untitled Partner");
  await expect(added).toBeVisible();
  await expect(added.getByText(`Position ${names.length + 1}`)).toBeVisible();
  await expect(added.getByText("Visible on homepage")).toBeVisible();
  await expect(page.getByRole("button", { name: "Move Untitled Partner down" })).toBeDisabled();

  await page.getByRole("button", { name: `Delete ${names[0]}` }).click();
  await expect(card(page, names[0]!)).toHaveCount(0);
  await expect(cards(page).first().getByText("Position 1")).toBeVisible();
  await expect(cards(page).getByRole("heading")).toHaveText([...names.slice(1), "Untitled Partner"]);

  await page.getByRole("button", { name: "Save Partners Content" }).click();
  await expect(page.getByText("Partners content updated successfully")).toBeVisible();
  const saved = (await stored(site)).partners;
  expect(saved.map((p) => p.name)).toEqual([...names.slice(1), ""]);
  expect(saved.map((p) => p.placementId)).toEqual(saved.map((_, index) => index));
  expect(saved.at(-1)).toEqual({
    name: "",
    description: "",
    logo: "",
    website: "",
    placementId: names.length - 1,
    showInHomepage: true,
  });
});
