import { readFile } from "node:fs/promises";
import { startFakeFormMail } from "../helpers/fake-formmail.ts";
import { startFakeSmtp } from "../helpers/fake-smtp.ts";
import {
  expect,
  expectNoAxeViolations,
  openAdmin,
  secondBrowser,
  sendContactMessage,
  startSite,
  test,
  toast,
  type Site,
} from "./admin-tools-helpers.ts";
import type { Page } from "@playwright/test";
import { budget } from "../helpers/machine.ts";

// Two browsers and several page loads per test on a shared, busy machine.
test.describe.configure({ timeout: budget(150_000) });

const inbox = (page: Page) => page.getByRole("region", { name: /^Messages/ });
const rows = (page: Page) =>
  inbox(page)
    .getByRole("list", { name: "Messages" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading") });
const row = (page: Page, name: string) =>
  rows(page).filter({ has: page.getByRole("heading", { name: new RegExp(`^${name}`) }) });
const stored = (site: Site) => site.server.deps.store.messages.list();

test.beforeEach(async ({ site }) => {
  await site.server.deps.limits.publicForms.reset("contact:127.0.0.1");
});

test("a message sent on the Contact Us page arrives live with the unread count, opens, becomes read and can be marked unread", async ({
  page,
  site,
  browser,
}) => {
  await openAdmin(page, site, "contact");
  await expect(inbox(page).getByRole("heading", { name: /Messages/ })).toBeVisible();
  await expect(inbox(page).getByText("0 unread")).toBeVisible();
  await expect(
    inbox(page).getByText(
      "No messages yet. Messages sent through the Contact Us page or left in the chat appear here.",
    ),
  ).toBeVisible();

  const visitor = await secondBrowser(browser, [/status of 404/]);
  try {
    await sendContactMessage(visitor.page, site, {
      name: "Tharushi Wickramasinghe",
      email: "tharushi@example.lk",
      company: "Ceylon Spice Co.",
      message: "We want to sell spices online.\nCan you help with a launch plan?",
    });
    expect(visitor.errors).toEqual([]);
  } finally {
    await visitor.context.close();
  }

  // No reload: the server's "message" event brings it in.
  const message = row(page, "Tharushi Wickramasinghe");
  await expect(message).toBeVisible({ timeout: budget(10_000) });
  await expect(message).toContainText("tharushi@example.lk");
  await expect(message).toContainText("Ceylon Spice Co.");
  await expect(message).toContainText("We want to sell spices online.");
  await expect(message).not.toContainText("launch plan");
  await expect(message.getByRole("heading")).toHaveText("Tharushi Wickramasinghe (unread)");
  await expect(inbox(page).getByText("1 unread")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Contact 1 unread message" })).toBeVisible();
  await expectNoAxeViolations(page);

  await message.getByRole("button", { name: /^Tharushi Wickramasinghe/ }).click();
  const dialog = page.getByRole("dialog", { name: "Message from Tharushi Wickramasinghe" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Can you help with a launch plan?");
  await expect(dialog.getByRole("link", { name: "tharushi@example.lk" })).toHaveAttribute(
    "href",
    "mailto:tharushi@example.lk",
  );
  await expect(dialog).toContainText("Not sent anywhere");
  await expect(inbox(page).getByText("0 unread")).toBeVisible();
  await expectNoAxeViolations(page);
  await expect.poll(async () => (await stored(site))[0]?.readAt).toMatch(/^\d{4}-/);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("tab", { name: "Contact", exact: true })).toBeVisible();
  await expect(message.getByRole("heading")).toHaveText("Tharushi Wickramasinghe (read)");

  await message.getByRole("button", { name: /^Tharushi Wickramasinghe/ }).click();
  await dialog.getByRole("button", { name: "Mark as unread" }).click();
  await expect(dialog).toBeHidden();
  await expect(inbox(page).getByText("1 unread")).toBeVisible();
  await expect(message.getByRole("heading")).toHaveText("Tharushi Wickramasinghe (unread)");
  await expect.poll(async () => (await stored(site))[0]?.readAt).toBeNull();

  // After a reload it is still there, still unread.
  await page.reload();
  // Hydrating again and reading the inbox: room for a busy machine.
  await expect(row(page, "Tharushi Wickramasinghe").getByRole("heading")).toHaveText(
    "Tharushi Wickramasinghe (unread)",
    { timeout: budget(20_000) },
  );
});

test("search asks the server, Load more pages on, delete has Undo, and the CSV export holds the messages", async ({
  page,
  site,
}) => {
  const { store } = site.server.deps;
  for (let i = 1; i <= 24; i++) {
    await store.messages.add({
      name: `Seed Person ${String(i).padStart(2, "0")}`,
      email: `seed${i}@example.lk`,
      company: "",
      message: `Seeded enquiry number ${i}.`,
      ip: "203.0.113.9",
      userAgent: "e2e",
    });
  }
  await store.messages.add({
    name: "Dilani Jayasuriya",
    email: "dilani@example.lk",
    company: "Hill Country Teas",
    message: "Looking for a tea export brand refresh.",
    ip: "203.0.113.10",
    userAgent: "e2e",
  });
  const total = (await stored(site)).length;
  expect(total).toBeGreaterThan(20);

  await openAdmin(page, site, "contact");
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page).first().getByRole("heading")).toHaveText(/^Dilani Jayasuriya/);
  await expect(inbox(page).getByText(`Showing 20 of ${total}`)).toBeVisible();
  await inbox(page).getByRole("button", { name: "Load more" }).click();
  await expect(rows(page)).toHaveCount(total);
  await expect(inbox(page).getByRole("button", { name: "Load more" })).toBeHidden();

  const search = inbox(page).getByRole("searchbox", { name: "Search messages" });
  const asked = page.waitForRequest((request) => request.url().includes("/api/messages?query=tea+export"));
  await search.fill("tea export");
  await asked;
  await expect(rows(page)).toHaveCount(1);
  await expect(inbox(page).getByText("1 found")).toBeVisible();
  await expect(row(page, "Dilani Jayasuriya")).toContainText("Hill Country Teas");
  await search.fill("nobody-wrote-this");
  await expect(inbox(page).getByText("No messages match “nobody-wrote-this”.")).toBeVisible();
  await search.fill("");
  await expect(rows(page)).toHaveCount(20);

  const dilani = row(page, "Dilani Jayasuriya");
  await dilani.getByRole("button", { name: "Delete the message from Dilani Jayasuriya" }).click();
  await expect(dilani).toBeHidden();
  const deleted = toast(page, "Message deleted");
  await expect(deleted).toContainText("From Dilani Jayasuriya");
  await expect.poll(async () => (await stored(site)).some((m) => m.name === "Dilani Jayasuriya")).toBe(false);
  await deleted.getByRole("button", { name: "Undo" }).click();
  await expect(row(page, "Dilani Jayasuriya")).toBeVisible();
  await expect(rows(page).first().getByRole("heading")).toHaveText(/^Dilani Jayasuriya/);
  await expect.poll(async () => (await stored(site)).some((m) => m.name === "Dilani Jayasuriya")).toBe(true);

  const downloading = page.waitForEvent("download");
  await inbox(page).getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFReceived,Name,Email,Company,Message,Read,Delivery,Source");
  expect(csv).toContain(
    "Dilani Jayasuriya,dilani@example.lk,Hill Country Teas,Looking for a tea export brand refresh.,no,",
  );
  expect(csv.trim().split("\r\n")).toHaveLength(total + 1);
});

test("a Load more that fails keeps the messages shown and says why beside the button; Try again loads them", async ({
  browser,
  site,
}) => {
  const { store } = site.server.deps;
  for (let i = (await stored(site)).length; i <= 20; i++) {
    await store.messages.add({
      name: `Filler Person ${i}`,
      email: `filler${i}@example.lk`,
      company: "",
      message: "A message to fill the first page.",
      ip: "203.0.113.11",
      userAgent: "e2e",
    });
  }
  const total = (await stored(site)).length;
  // The refused page makes the browser log its 503.
  const admin = await secondBrowser(browser, [/status of 503/]);
  try {
    const { page } = admin;
    await openAdmin(page, site, "contact");
    await expect(rows(page)).toHaveCount(20);
    const secondPage = (url: URL) => url.pathname === "/api/messages" && url.searchParams.get("page") === "2";
    await page.route(secondPage, (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "The site is very busy right now. Please try again in a moment." }),
      }),
    );
    await inbox(page).getByRole("button", { name: "Load more" }).click();
    await expect(inbox(page).getByRole("alert")).toHaveText(
      /^Could not load more messages: The site is very busy right now\. Please try again in a moment\./,
    );
    await expect(rows(page)).toHaveCount(20);

    await page.unroute(secondPage);
    await inbox(page).getByRole("alert").getByRole("button", { name: "Try again" }).click();
    await expect(rows(page)).toHaveCount(total);
    await expect(inbox(page).getByRole("alert")).toHaveCount(0);
    await expect(inbox(page).getByRole("button", { name: "Load more" })).toBeHidden();
    expect(admin.errors).toEqual([]);
  } finally {
    await admin.context.close();
  }
});

test.describe("delivery status", () => {
  test("shows sent once the fake mail server accepted it, and pending with the reason when it refused", async ({
    page,
    browser,
  }) => {
    const smtp = await startFakeSmtp();
    const formMail = await startFakeFormMail();
    const site = await startSite({
      SMTP_URL: smtp.url,
      CONTACT_TO: "owner@agency.lk",
      CONTACT_FORWARD_URL: formMail.url,
    });
    const visitor = await secondBrowser(browser, [/status of 404/]);
    try {
      await openAdmin(page, site, "contact");
      await expect(inbox(page).getByText("No messages yet.", { exact: false })).toBeVisible();

      await sendContactMessage(visitor.page, site, {
        name: "Kasun Rajapaksa",
        email: "kasun@example.lk",
        message: "Delivered, I hope.",
      });
      const mails = await smtp.waitFor(1);
      expect(mails[0]!.text).toContain("Delivered, I hope.");
      await formMail.waitFor(1);
      const kasun = row(page, "Kasun Rajapaksa");
      // The inbox re-reads pending deliveries every few seconds.
      await expect(kasun.getByText("Email: sent")).toBeVisible({ timeout: budget(15_000) });
      await expect(kasun.getByText("Form-mail: sent")).toBeVisible({ timeout: budget(15_000) });

      smtp.refuse(1);
      formMail.fail(1);
      await sendContactMessage(visitor.page, site, {
        name: "Nadeesha Perera",
        email: "nadeesha@example.lk",
        message: "This one bounces at first.",
      });
      await formMail.waitFor(2);
      const nadeesha = row(page, "Nadeesha Perera");
      await expect(nadeesha.getByText("Email: pending (retrying)")).toBeVisible({ timeout: budget(15_000) });
      await expect(nadeesha.getByText("Form-mail: pending (retrying)")).toBeVisible({ timeout: budget(15_000) });
      await nadeesha.getByRole("button", { name: /^Nadeesha Perera/ }).click();
      const dialog = page.getByRole("dialog", { name: "Message from Nadeesha Perera" });
      await expect(dialog.getByText(/Attempt 1 failed: .*Mailbox busy, try again later/)).toBeVisible();
      await expect(dialog.getByText(/Attempt 1 failed: .*503/)).toBeVisible();
      await expect(dialog.getByText(/Next try/).first()).toBeVisible();
      expect(visitor.errors).toEqual([]);

      const deliveries = await site.server.deps.store.outbox.forMessages((await stored(site)).map((m) => m.id));
      expect(
        deliveries
          .filter((d) => d.status === "pending")
          .map((d) => d.channel)
          .sort(),
      ).toEqual(["email", "forward"]);
    } finally {
      await visitor.context.close();
      await site.close();
      await smtp.close();
      await formMail.close();
    }
  });
});
