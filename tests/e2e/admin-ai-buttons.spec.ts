import { todayIsoDate } from "#content/rules.ts";
import { expect, signIn, test as base, toast } from "./admin-helpers.ts";
import { budget } from "../helpers/machine.ts";
import { fakeAiSite, type FakeAiSite } from "./fake-ai-site.ts";

/** The admin panel against a server whose model is a fake Gemini on 127.0.0.1. */
const test = base.extend<{ ai: FakeAiSite }, { aiWorker: FakeAiSite }>(fakeAiSite("sk-admin-e2e"));
// Pages, sign-in and streamed answers all wait on a shared, busy machine.
test.describe.configure({ timeout: budget(90_000) });

test("home feature: generating fills the description; the button is disabled while it works", async ({ page, ai }) => {
  const gate = ai.fake.gate();
  ai.fake.reply({
    kind: "text",
    text: "Dashboards your team actually reads. We turn sales data into decisions.",
    holdBefore: gate.hold,
  });
  await signIn(page, ai.site, "home");
  await page.getByRole("button", { name: "Add Feature" }).click();
  const added = page.getByRole("list", { name: "Features" }).getByRole("listitem").last();
  await added.getByLabel("Title").fill("Retail Analytics");
  await added.getByRole("button", { name: "Generate with AI" }).click();
  const busy = added.getByRole("button", { name: "Generating..." });
  await expect(busy).toBeDisabled();
  gate.release();
  await expect(added.getByLabel("Description")).toHaveValue(
    "Dashboards your team actually reads. We turn sales data into decisions.",
  );
  await expect(added.getByRole("button", { name: "Generate with AI" })).toBeEnabled();
  expect(ai.fake.requests[0]!.prompt).toContain('titled "Retail Analytics"');
});

test("service dialog: success and failure toasts, fields filled from a labelled answer", async ({ page, ai }) => {
  ai.fake.reply({
    kind: "text",
    text: "**Description:** Export-ready brands for Sri Lankan makers. We handle the research and the story.\n\n**Features:**\n- Market research\n- Export branding\n- Trade-show kits\n- Buyer outreach",
  });
  await signIn(page, ai.site, "services");
  await page.getByRole("button", { name: "Add Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Service" });
  const generate = dialog.getByRole("button", { name: "Generate with AI" });
  await expect(generate).toBeDisabled();
  await dialog.getByLabel("Title").fill("Export Growth");
  await generate.click();
  await expect(toast(page, "Service description and features generated successfully", "success")).toBeVisible();
  await expect(dialog.getByLabel("Description")).toHaveValue(
    "Export-ready brands for Sri Lankan makers. We handle the research and the story.",
  );
  await expect(dialog.getByLabel("Features")).toHaveValue(
    "Market research, Export branding, Trade-show kits, Buyer outreach",
  );

  ai.fake.setDefault({ kind: "status", status: 500 });
  await generate.click();
  await expect(toast(page, "Failed to generate service content", "error")).toBeVisible();
  await expect(dialog.getByLabel("Description")).toHaveValue(
    "Export-ready brands for Sri Lankan makers. We handle the research and the story.",
  );
});

test("blog: description and full content with reading time and today's date; failure toasts", async ({ page, ai }) => {
  const words = Array.from({ length: 420 }, (_, i) => `idea${i}`).join(" ");
  ai.fake.setDefault((request) =>
    request.prompt.includes("800-1200 words")
      ? { kind: "text", text: `## Start with the customer\n\n${words}\n\n- **Listen** first` }
      : { kind: "text", text: "A short guide for busy founders.\nThis second line is dropped." },
  );
  await signIn(page, ai.site, "blog");
  await page.getByRole("button", { name: "Create New Post" }).click();
  await page.getByRole("button", { name: "Create Empty Post" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Post" });
  const description = editor.getByRole("button", { name: "Generate Description" });
  const full = editor.getByRole("button", { name: "Generate Full Content" });
  await expect(description).toBeDisabled();
  await expect(full).toBeDisabled();
  await editor.getByLabel("Title").fill("Growth for founders");

  await description.click();
  await expect(toast(page, "Post description generated successfully", "success")).toBeVisible();
  await expect(editor.getByLabel("Excerpt")).toHaveValue("A short guide for busy founders.");

  await editor.getByLabel("Read Time").fill("9 min read");
  await full.click();
  await expect(toast(page, "Full blog content generated successfully", "success")).toBeVisible();
  await expect(editor.getByLabel("Content")).toHaveValue(
    `## Start with the customer\n\n${words}\n\n- **Listen** first`,
  );
  await expect(editor.getByLabel("Read Time")).toHaveValue("3 min read");
  await expect(editor.getByLabel("Date")).toHaveValue(todayIsoDate());

  ai.fake.setDefault({ kind: "status", status: 500 });
  await description.click();
  await expect(toast(page, "Failed to generate description", "error")).toBeVisible();
  await full.click();
  await expect(toast(page, "Failed to generate blog content", "error")).toBeVisible();
  await expect(editor.getByLabel("Excerpt")).toHaveValue("A short guide for busy founders.");
});
