import { prerenderToNodeStream } from "react-dom/static";
import { Outlet, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { shownBlocks } from "#app/routes/site/landing.server.ts";
import { en } from "#content/i18n/en.ts";
import { si } from "#content/i18n/si.ts";
import { BLOCK_TYPES } from "#content/landing-pages.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import type { Locale } from "#content/locales.ts";
import { blockComponents } from "./registry.ts";
import { LandingPageView, type LandingPageViewProps } from "./landing-page-view.tsx";
import type { BlockSources } from "./types.ts";

/** A page with every block, as the admin would write it. */
const page: Pick<LandingPage, "blocks" | "variants"> = {
  blocks: [
    {
      type: "hero",
      heading: "Grow your Colombo business online",
      text: "Websites and campaigns for small firms.",
      button: { label: "Book a call", href: "/contact" },
    },
    { type: "text", content: "## Why us\n\nWe build **fast** sites.\n\n- Clear prices\n- Local team" },
    {
      type: "features",
      items: [
        { title: "Strategy", text: "A plan that fits.", image: "https://example.com/a.png", imageAlt: "" },
        { title: "Design", text: "Pages people like." },
      ],
    },
    { type: "services" },
    { type: "quote", text: "They doubled our leads.", name: "Nadeesha Perera", role: "Owner, Perera Teas" },
    { type: "logos" },
    { type: "stats", items: [{ value: "120+", label: "Projects delivered" }] },
    { type: "image", image: "https://example.com/team.jpg", alt: "Our team at work" },
    { type: "faq", items: [{ question: "How long does a site take?", answer: "About four weeks." }] },
    {
      type: "cta",
      heading: "Ready to start?",
      text: "Tell us about your plans.",
      button: { label: "Write to us", href: "#contact" },
    },
    { type: "contact" },
  ],
  variants: [{ name: "B", blocks: [{ type: "hero", heading: "Variant B's heading", text: "" }] }],
};

const sources: BlockSources = {
  services: {
    items: [{ title: "Web design", description: "Sites that sell.", features: ["Fast pages"], placementId: 1 }],
    english: [],
  },
  logos: [{ name: "Perera Teas", logo: "https://example.com/logo.png", website: "" }],
};

/** The page as the server sends it: every block drawn, the contact form (loaded apart) included. */
async function render(props: Partial<LandingPageViewProps> & { locale?: Locale } = {}) {
  const { locale = "en", ...view } = props;
  const shown = shownBlocks(page, [], "A", locale);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      children: [
        {
          index: true,
          Component: () => (
            <LandingPageView
              title="Offers"
              blocks={shown.blocks}
              english={[]}
              sources={sources}
              images={{}}
              {...view}
            />
          ),
        },
      ],
    },
  ]);
  const { prelude } = await prerenderToNodeStream(
    <Stub hydrationData={{ loaderData: { root: { locale, messages: locale === "si" ? si : en } } }} />,
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  // Without React's comments around text and Suspense, as the browser shows it.
  return html.replace(/<!--.*?-->/g, "").replace(/<template[^>]*><\/template>/g, "");
}
/** The text a reader gets, tags left out. */
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");

describe("a team page's blocks", () => {
  it("has a component for every block type", async () => {
    expect(Object.keys(blockComponents).sort()).toEqual(Object.keys(BLOCK_TYPES).sort());
  });

  it("draws every block with its texts", async () => {
    const html = await render();
    const shown = text(html);
    for (const said of [
      "Grow your Colombo business online",
      "Why us",
      "Strategy",
      "Pages people like.",
      "Web design",
      "Fast pages",
      "They doubled our leads.",
      "Nadeesha Perera",
      "Owner, Perera Teas",
      en.home.logosTitle,
      "120+",
      "Projects delivered",
      "How long does a site take?",
      "About four weeks.",
      "Ready to start?",
      en.contactForm.title,
    ])
      expect(shown).toContain(said);
    expect(html).toContain("<strong");
    expect(html).toMatch(/<li[^>]*>Clear prices<\/li>/);
  });

  it("has one h1, the opening hero's heading, and headings in order", async () => {
    const html = await render();
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>Grow your Colombo business online<\/h1>/);
    for (let index = 1; index < levels.length; index++)
      expect(levels[index]! - levels[index - 1]!).toBeLessThanOrEqual(1);
  });

  it("puts the page's title in the h1 when no hero opens the page", async () => {
    const blocks = shownBlocks({ blocks: page.blocks.slice(1), variants: [] }, [], "A", "en").blocks;
    const html = await render({ blocks });
    expect(html).toMatch(/<h1[^>]*>Offers<\/h1>/);
    expect([...html.matchAll(/<h1[\s>]/g)]).toHaveLength(1);
  });

  it("draws the FAQ as disclosures and the stats as terms and figures", async () => {
    const html = await render();
    expect(html).toMatch(/<details[^>]*><summary[^>]*>How long does a site take\?/);
    expect(html).toMatch(/<dt[^>]*>Projects delivered<\/dt><dd[^>]*>120\+<\/dd>/);
  });

  it("draws images at their size, described", async () => {
    const html = await render();
    expect(html).toMatch(/<img src="https:\/\/example.com\/team.jpg" alt="Our team at work" width="1200" height="675"/);
    // A feature's image without its own description is described by the feature's title.
    expect(html).toMatch(/<img src="https:\/\/example.com\/a.png" alt="Strategy" width="640" height="400"/);
  });

  it("links buttons to the page in its language, and #contact to the form", async () => {
    const html = await render({ locale: "si", blocks: shownBlocks(page, [], "A", "si").blocks });
    expect(html).toMatch(/<a[^>]*href="\/si\/contact"[^>]*><span>Book a call<\/span>/);
    expect(html).toMatch(/<a[^>]*href="#contact"/);
    expect(html).toContain('id="contact"');
    // The contact form posts to the Contact page's action, in the page's language.
    expect(html).toMatch(/<form[^>]*action="\/si\/contact"/);
  });

  it("marks the texts shown in English on a page in another language", async () => {
    const english = ["title", "blocks.0.heading", "blocks.2.items.1.title", "blocks.4.role", "blocks.8.items.0.answer"];
    const shown = shownBlocks(page, english, "A", "si");
    const html = await render({ locale: "si", blocks: shown.blocks, english: shown.english });
    expect(html).toMatch(/<h1 lang="en"[^>]*>Grow your Colombo business online<\/h1>/);
    expect(html).toMatch(/<h2 lang="en"[^>]*>Design<\/h2>/);
    expect(html).toMatch(/<h2 class="[^"]*">Strategy<\/h2>/);
    expect(html).toMatch(/<span lang="en"[^>]*>Owner, Perera Teas<\/span>/);
    expect(html).toMatch(/<p lang="en"[^>]*>About four weeks.<\/p>/);
    expect(html).toContain(si.home.logosTitle);
  });

  it("shows variant B's blocks, with B's English texts where B's blocks are", async () => {
    const shown = shownBlocks(page, ["blocks.0.heading", "variants.0.blocks.0.heading"], "B", "en");
    expect(shown.blocks).toHaveLength(1);
    expect(shown.english).toEqual(["blocks.0.heading"]);
    expect(await render({ blocks: shown.blocks })).toMatch(/<h1[^>]*>Variant B&#x27;s heading<\/h1>/);
    // Without a variant B, B is the page's own blocks.
    expect(shownBlocks({ blocks: page.blocks, variants: [] }, [], "B", "en").blocks).toHaveLength(11);
  });

  it("leaves out the services and logos when there are none", async () => {
    const html = await render({ sources: {} });
    expect(text(html)).not.toContain(en.home.logosTitle);
    expect(text(html)).not.toContain("Web design");
  });
});
