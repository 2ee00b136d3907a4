import sharp from "sharp";
import type { ContactContent, PartnersContent } from "#content/schemas.ts";
import { expect, test } from "./fixtures.ts";
import { replacePosts } from "./posts-helpers.ts";

const LINKS = ["Home", "Services", "Blog", "Partners", "About Us", "Contact Us"];

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the navigation shows the logo and six links and marks the current page", async ({ page, site }) => {
    await page.goto(`${site.url}/services`);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("img", { name: "Lanka Growth Partners logo" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Lanka Growth Partners logo" })).toHaveAttribute("href", "/");
    for (const name of LINKS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(nav.getByRole("listitem")).toHaveText(LINKS);

    await expect(nav.getByRole("link", { name: "Services", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "About Us", exact: true }).click();
    await expect(page).toHaveURL(`${site.url}/about`);
    await expect(nav.getByRole("link", { name: "About Us", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Services", exact: true })).not.toHaveAttribute("aria-current", "page");
  });

  test("Blog stays current on a post's own address", async ({ page, site }) => {
    await replacePosts(site, [
      {
        title: "Shareable post",
        excerpt: "",
        content: "Hello.",
        date: "2025-04-01",
        readTime: "1 min read",
        image: "",
        featured: true,
        placementId: 0,
      },
    ]);
    await page.goto(site.url);
    const firstPost = page
      .getByRole("region", { name: "Featured Insights" })
      .getByRole("listitem")
      .first()
      .getByRole("link");
    const href = await firstPost.getAttribute("href");
    expect(href).toBe("/blog/shareable-post");
    await page.goto(`${site.url}${href}`);
    // The post reader is a modal over the page, so reach the bar's links by their addresses.
    const nav = page.locator('nav[aria-label="Main"]');
    await expect(nav.locator('a[href="/blog"]')).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('a[href="/"]').last()).not.toHaveAttribute("aria-current", "page");
  });

  test("the footer shows the tagline, the saved contact details, © 2025 and the legal links", async ({
    page,
    site,
  }) => {
    const contact = await site.read<ContactContent>("contact");
    await site.save("contact", {
      ...contact.data,
      info: {
        address: "12 Flower Road, Colombo 07, Sri Lanka",
        email: "team@growth.example",
        phone: "+94 77 123 4567",
        website: "www.growth.example",
      },
    });
    const live = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
    await page.goto(`${site.url}/partners`);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Built without noise. Powered by purpose.")).toBeVisible();
    await expect(footer.getByText("Colombo 07, Sri Lanka")).toBeVisible();
    await expect(footer.getByRole("link", { name: "team@growth.example" })).toHaveAttribute(
      "href",
      "mailto:team@growth.example",
    );
    await expect(footer.getByRole("link", { name: "+94 77 123 4567" })).toHaveAttribute("href", "tel:+94771234567");
    await expect(footer.getByRole("link", { name: "www.growth.example" })).toHaveAttribute(
      "href",
      "https://www.growth.example",
    );
    await expect(footer.getByText("© 2025 Lanka Growth Partners. All rights reserved.")).toBeVisible();
    await expect(footer.getByText("Crafted with curiosity in Sri Lanka.")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(footer.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute("href", "/terms-conditions");

    // Three columns side by side from medium width.
    const columns = footer.getByRole("heading", { level: 2 });
    const [contactBox, legalBox] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
    expect(Math.round(contactBox!.y)).toBe(Math.round(legalBox!.y));

    // Saved while the page is open: the footer follows without a reload.
    await live;
    await site.save("contact", { ...contact.data, info: { ...contact.data.info, email: "hello@growth.example" } });
    await expect(footer.getByRole("link", { name: "hello@growth.example" })).toHaveAttribute(
      "href",
      "mailto:hello@growth.example",
    );
  });

  test("the organisation JSON-LD comes from Contact and cannot be broken out of", async ({ page, site }) => {
    const contact = await site.read<ContactContent>("contact");
    const address = 'Galle Road </script><script>document.title="pwned"</script>, Colombo 03, Sri Lanka';
    await site.save("contact", {
      ...contact.data,
      info: { ...contact.data.info, address, email: "ld@growth.example", phone: "+94 11 000 0000" },
    });
    await page.goto(`${site.url}/services`);
    const scripts = page.locator('script[type="application/ld+json"]');
    const texts = await scripts.allTextContents();
    const organisation = texts
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((data) => data["@type"] === "Organization");
    expect(organisation).toMatchObject({
      "@context": "https://schema.org",
      name: "Lanka Growth Partners",
      url: `${site.url}/`,
      logo: `${site.url}/logo.svg`,
      email: "ld@growth.example",
      telephone: "+94 11 000 0000",
      address: { "@type": "PostalAddress", streetAddress: address, addressLocality: "Colombo", addressCountry: "LK" },
    });
    await expect(page).not.toHaveTitle("pwned");
    await site.save("contact", contact.data);
  });

  test.describe("particles", () => {
    // The fixtures leave the particles out of other tests (fixtures.ts, withoutParticles).
    test.use({ particles: true });

    test("the particle background loads after first paint, behind the content", async ({ page, site }) => {
      await page.goto(`${site.url}/services`);
      const canvas = page.locator("#site-particles canvas");
      await expect(canvas).toBeAttached();
      const box = await page.locator("#site-particles").evaluate((element) => {
        const style = getComputedStyle(element);
        return { position: style.position, zIndex: style.zIndex, pointerEvents: style.pointerEvents };
      });
      expect(box).toEqual({ position: "fixed", zIndex: "-10", pointerEvents: "none" });
      // Content above it stays clickable.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Partners", exact: true }).click();
      await expect(page).toHaveURL(`${site.url}/partners`);
    });

    test("the particles show on screen, above the page's gradient", async ({ page, site }) => {
      await page.goto(`${site.url}/services`);
      await expect(page.locator("#site-particles canvas")).toBeAttached();
      // The same screen with the canvas shown and hidden: the particles' dots and links differ
      // (polled: the canvas is attached before the engine's first frame is drawn).
      const screen = async (visibility: "visible" | "hidden") => {
        await page.locator("#site-particles").evaluate((element, value) => {
          (element as HTMLElement).style.visibility = value;
        }, visibility);
        return sharp(await page.screenshot())
          .ensureAlpha()
          .raw()
          .toBuffer();
      };
      const differing = async () => {
        const [shown, hidden] = [await screen("visible"), await screen("hidden")];
        let count = 0;
        for (let i = 0; i < shown.length; i += 4) if (Math.abs(shown[i + 2]! - hidden[i + 2]!) > 24) count++;
        return count;
      };
      await expect.poll(differing, { message: "pixels the particles change" }).toBeGreaterThan(200);
    });
  });
});

test.describe("reduced motion", () => {
  // The page's own answer to the preference, not the fixtures' (fixtures.ts, withoutParticles).
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: "reduce", particles: true });

  test("no particles are loaded", async ({ page, site }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(`${site.url}/services`);
    await page.waitForLoadState("networkidle");
    // Let an idle callback run, as it would without the preference.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
    await expect(page.locator("#site-particles")).toHaveCount(0);
    expect(requested.filter((url) => url.includes("particles"))).toEqual([]);
  });
});

test.describe("phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu toggle opens and closes the links; choosing one closes it and navigates", async ({ page, site }) => {
    const partners = await site.read<PartnersContent>("partners");
    await page.goto(`${site.url}/services`);
    const toggle = page.getByRole("button", { name: "Menu" });
    const menu = page.locator("#site-menu");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "site-menu");
    await expect(menu.getByRole("link", { name: "Partners" })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const name of LINKS) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Partners" })).toBeHidden();

    await toggle.click();
    await menu.getByRole("link", { name: "Partners" }).click();
    await expect(page).toHaveURL(`${site.url}/partners`);
    await expect(page.getByRole("heading", { level: 1, name: partners.data.title })).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Partners" })).toBeHidden();
  });

  test("the footer stacks its columns", async ({ page, site }) => {
    await page.goto(`${site.url}/about`);
    const headings = page.getByRole("contentinfo").getByRole("heading", { level: 2 });
    const [first, second] = [await headings.nth(0).boundingBox(), await headings.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + 50);
  });
});
