import { STOCK_TEAM_IMAGE } from "#content/constants.ts";
import { defaultAbout } from "#content/defaults.ts";
import type { AboutContent } from "#content/schemas.ts";
import { expect, test, type Site } from "./fixtures.ts";
import { openAdminTab } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";

async function stored(site: Site) {
  return (await site.read<AboutContent>("about")).data;
}

const EMPTY_TEAM = 'No team members added yet. Click "Add Team Member" to get started.';

// Long multi-page flows on a shared, busy machine: more room than the default 30 s.
test.describe.configure({ timeout: budget(60_000) });

test.beforeEach(async ({ site }) => {
  await site.save("about", defaultAbout);
});

test("About page texts and values: add, edit, remove, save", async ({ page, site }) => {
  await openAdminTab(page, site, "about");
  await page.getByLabel("Title", { exact: true }).first().fill("About Lanka Growth");
  await page.getByLabel("Company Story").fill("Founded in Colombo in 2019.\n\nStill small, still senior.");
  await page.getByLabel("Mission Statement").fill("Help Sri Lankan businesses grow with clarity.");

  const values = page.getByRole("region", { name: "Values" }).getByRole("listitem");
  await expect(values).toHaveCount(defaultAbout.values.length);
  await page.getByRole("button", { name: "Add Value" }).click();
  await expect(values).toHaveCount(defaultAbout.values.length + 1);
  const added = values.last();
  await expect(added.getByLabel("Title")).toHaveValue("");
  await added.getByLabel("Title").fill("Curiosity");
  await added.getByLabel("Description").fill("We ask why before we ask how.");

  await page.getByRole("button", { name: `Remove value 1 (${defaultAbout.values[0]!.title})` }).click();
  await expect(values).toHaveCount(defaultAbout.values.length);
  await expect(values.first().getByLabel("Title")).toHaveValue(defaultAbout.values[1]!.title);

  await page.getByRole("button", { name: "Save About Content" }).click();
  await expect(page.getByText("About content updated successfully")).toBeVisible();
  const saved = await stored(site);
  expect(saved.title).toBe("About Lanka Growth");
  expect(saved.story).toBe("Founded in Colombo in 2019.\n\nStill small, still senior.");
  expect(saved.mission).toBe("Help Sri Lankan businesses grow with clarity.");
  expect(saved.values).toEqual([
    ...defaultAbout.values.slice(1),
    { title: "Curiosity", description: "We ask why before we ask how." },
  ]);

  await page.goto(`${site.url}/about`);
  await expect(page.getByRole("heading", { level: 1, name: "About Lanka Growth" })).toBeVisible();
  await expect(page.getByText("Curiosity", { exact: true })).toBeVisible();
  await expect(page.getByText("Help Sri Lankan businesses grow with clarity.")).toBeVisible();
});

test("team members: empty message, add, expand and collapse, remove; Our Team appears on About after save", async ({
  page,
  site,
}) => {
  await page.goto(`${site.url}/about`);
  await expect(page.getByRole("heading", { name: "Our Team" })).toHaveCount(0);

  await openAdminTab(page, site, "about");
  const team = page.getByRole("region", { name: "Team Members" });
  await expect(team.getByText(EMPTY_TEAM, { exact: true })).toBeVisible();

  await team.getByRole("button", { name: "Add Team Member" }).click();
  await expect(team.getByText(EMPTY_TEAM)).toHaveCount(0);
  const member = team.getByRole("listitem");
  await expect(member).toHaveCount(1);
  // A new member opens expanded, with empty fields and the stock portrait.
  await expect(member.getByLabel("Name")).toHaveValue("");
  await expect(member.getByLabel("Role")).toHaveValue("");
  await expect(member.getByLabel("Short Description")).toHaveValue("");
  await expect(member.getByLabel("Image URL")).toHaveValue(STOCK_TEAM_IMAGE);
  await member.getByLabel("Name").fill("Nadeesha Perera");
  await member.getByLabel("Role").fill("Head of Strategy");
  await member.getByLabel("Short Description").fill("Fifteen years of growth plans for Sri Lankan exporters.");

  await member.getByRole("button", { name: "Collapse Nadeesha Perera" }).click();
  await expect(member.getByLabel("Name")).toHaveCount(0);
  await expect(member.getByText("Head of Strategy")).toBeVisible();
  await member.getByRole("button", { name: "Expand Nadeesha Perera" }).click();
  await expect(member.getByLabel("Name")).toHaveValue("Nadeesha Perera");

  // A second member, then removed again.
  await team.getByRole("button", { name: "Add Team Member" }).click();
  await expect(team.getByRole("listitem")).toHaveCount(2);
  await team.getByRole("button", { name: "Remove Team member 2" }).click();
  await expect(team.getByRole("listitem")).toHaveCount(1);

  await page.getByRole("button", { name: "Save About Content" }).click();
  await expect(page.getByText("About content updated successfully")).toBeVisible();
  expect((await stored(site)).team).toEqual([
    {
      name: "Nadeesha Perera",
      role: "Head of Strategy",
      description: "Fifteen years of growth plans for Sri Lankan exporters.",
      image: STOCK_TEAM_IMAGE,
    },
  ]);

  await page.goto(`${site.url}/about`);
  await expect(page.getByRole("heading", { name: "Our Team" })).toBeVisible();
  await expect(page.getByText("Nadeesha Perera")).toBeVisible();
  await expect(page.getByText("Head of Strategy")).toBeVisible();

  // Removing the last member brings the empty message back and hides Our Team.
  await openAdminTab(page, site, "about");
  await page.getByRole("button", { name: "Remove Nadeesha Perera" }).click();
  await expect(page.getByText(EMPTY_TEAM, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Save About Content" }).click();
  await expect(page.getByText("About content updated successfully")).toBeVisible();
  expect((await stored(site)).team).toEqual([]);
  await page.goto(`${site.url}/about`);
  await expect(page.getByRole("heading", { name: "Our Team" })).toHaveCount(0);
});

test("an invalid team image address is marked and blocks the save; nothing is stored", async ({ page, site }) => {
  const before = await site.read<AboutContent>("about");
  await openAdminTab(page, site, "about");
  await page.getByRole("button", { name: "Add Team Member" }).click();
  const image = page.getByRole("region", { name: "Team Members" }).getByLabel("Image URL");
  await image.fill("javascript:alert(1)");
  await expect(image).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/^Use an address starting with https:\/\//)).toBeVisible();
  await expect(image).toHaveValue("javascript:alert(1)");
  await expect(page.getByRole("button", { name: "Save About Content" })).toBeDisabled();
  expect(await site.read<AboutContent>("about")).toEqual(before);
});
