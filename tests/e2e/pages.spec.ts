import type { AboutContent, PartnersContent, ServicesContent } from "#content/schemas.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** Resolves once the page is subscribed to the server's live events (the server subscribes before answering). */
function waitForLiveUpdates(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
}

test.use({ viewport: { width: 1280, height: 800 } });

test.describe("Services", () => {
  test("shows the saved title, subtitle and cards in placement order with every feature", async ({ page, site }) => {
    const services: ServicesContent = {
      title: "What we do best",
      subtitle: "Hands-on help for growing Sri Lankan firms.",
      services: [
        { title: "Second service", description: "Placed second.", features: ["One"], placementId: 1 },
        {
          title: "First service",
          description: "Placed first.",
          features: ["Audit", "Plan", "Launch", "Measure", "Improve"],
          placementId: 0,
        },
      ],
    };
    await site.save("services", services);
    await page.goto(`${site.url}/services`);
    await expect(page.getByRole("heading", { level: 1, name: "What we do best" })).toBeVisible();
    await expect(page.getByText("Hands-on help for growing Sri Lankan firms.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "First service",
      "Second service",
    ]);
    const first = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "First service" }) });
    await expect(first.getByText("Placed first.")).toBeVisible();
    await expect(first.getByRole("list").getByRole("listitem")).toHaveText([
      "Audit",
      "Plan",
      "Launch",
      "Measure",
      "Improve",
    ]);

    await expect(page).toHaveTitle("What we do best | Lanka Growth Partners");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "Hands-on help for growing Sri Lankan firms.",
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${site.url}/services`);
  });

  test("a save updates the open page live and keeps the reader's scroll position", async ({ page, site }) => {
    const base: ServicesContent = {
      title: "Our Services",
      subtitle: "Everything we offer.",
      services: Array.from({ length: 9 }, (_, index) => ({
        title: `Service ${index + 1}`,
        description: "A long description that takes up room on the page so that it scrolls. ".repeat(4),
        features: ["Strategy", "Execution", "Reporting", "Review"],
        placementId: index,
      })),
    };
    await site.save("services", base);
    const live = waitForLiveUpdates(page);
    await page.goto(`${site.url}/services`);
    await live;
    await expect(page.getByRole("heading", { name: "Service 9" })).toBeAttached();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);

    const services = base.services.map((service, index) =>
      index === 5 ? { ...service, title: "Freshly renamed" } : service,
    );
    await site.save("services", { ...base, services });
    await expect(page.getByRole("heading", { name: "Freshly renamed" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Service 6" })).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(900);
  });
});

test.describe("Partners", () => {
  test("shows saved partners with logo, name, description and a safe Visit Website link", async ({ page, site }) => {
    const partners: PartnersContent = {
      title: "Friends of the firm",
      subtitle: "People we build with.",
      partners: [
        {
          name: "Harbour Media",
          description: "Video and photography.",
          logo: "/images/partners/palmyra-media.svg",
          website: "https://harbour.example",
          placementId: 0,
          showInHomepage: false,
        },
        {
          name: "Quiet Partner",
          description: "No website yet.",
          logo: "",
          website: "",
          placementId: 1,
          showInHomepage: true,
        },
      ],
    };
    await site.save("partners", partners);
    await page.goto(`${site.url}/partners`);
    await expect(page.getByRole("heading", { level: 1, name: "Friends of the firm" })).toBeVisible();
    await expect(page.getByText("People we build with.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Harbour Media logo" })).toHaveAttribute(
      "src",
      "/images/partners/palmyra-media.svg",
    );
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "Harbour Media",
      "Quiet Partner",
    ]);
    await expect(page.getByText("Video and photography.")).toBeVisible();

    const visit = page.getByRole("link", { name: /Visit Website/ });
    await expect(visit).toHaveCount(1);
    await expect(visit).toHaveAttribute("href", "https://harbour.example");
    await expect(visit).toHaveAttribute("target", "_blank");
    await expect(visit).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page).toHaveTitle("Friends of the firm | Lanka Growth Partners");
  });
});

test.describe("About", () => {
  const about: AboutContent = {
    title: "Who we are",
    subtitle: "A small senior team in Colombo.",
    story: "We started in 2019.\n\nToday we serve clients island-wide.",
    mission: "Help local firms grow with clarity.",
    values: [
      { title: "Honesty", description: "Plain words, real numbers." },
      { title: "Care", description: "Every rupee counts." },
    ],
    team: [],
  };

  test("shows the story as paragraphs, the mission and values, and no team section without members", async ({
    page,
    site,
  }) => {
    await site.save("about", about);
    await page.goto(`${site.url}/about`);
    await expect(page.getByRole("heading", { level: 1, name: "Who we are" })).toBeVisible();
    await expect(page.getByText("A small senior team in Colombo.")).toBeVisible();
    const story = page.getByRole("region", { name: "Our Story" });
    await expect(story.locator("p")).toHaveText(["We started in 2019.", "Today we serve clients island-wide."]);
    await expect(
      page.getByRole("region", { name: "Our Mission" }).getByText("Help local firms grow with clarity."),
    ).toBeVisible();
    const values = page.getByRole("region", { name: "Our Values" });
    await expect(values.getByRole("heading", { level: 3 })).toHaveText(["Honesty", "Care"]);
    await expect(values.getByText("Every rupee counts.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Team" })).toHaveCount(0);
  });

  test("Our Team appears, live, once a member is saved", async ({ page, site }) => {
    await site.save("about", about);
    const live = waitForLiveUpdates(page);
    await page.goto(`${site.url}/about`);
    await expect(page.getByRole("heading", { level: 1, name: "Who we are" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Team" })).toHaveCount(0);
    await live;

    await site.save("about", {
      ...about,
      team: [
        {
          name: "Nimali Perera",
          role: "Founder & Strategist",
          description: "Twenty years in FMCG marketing.",
          image: "/images/placeholder-person.svg",
        },
      ],
    });
    const team = page.getByRole("region", { name: "Our Team" });
    await expect(team).toBeVisible();
    await expect(team.getByRole("heading", { name: "Nimali Perera" })).toBeVisible();
    await expect(team.getByText("Founder & Strategist")).toBeVisible();
    await expect(team.getByText("Twenty years in FMCG marketing.")).toBeVisible();
    await expect(team.getByRole("img", { name: "Portrait of Nimali Perera" })).toHaveAttribute(
      "src",
      "/images/placeholder-person.svg",
    );
  });
});
