import { expect, it } from "vitest";
import type { LandingPage } from "#content/landing-page-schema.ts";
import { landingPagePassages } from "./passages.ts";

const page: LandingPage = {
  path: "/offers/colombo-smes",
  title: "Colombo SMEs",
  description: "Websites and campaigns for small firms in Colombo.",
  image: "",
  noindex: false,
  status: "published",
  blocks: [
    { type: "hero", heading: "Grow your business online", text: "" },
    { type: "text", content: "## Prices\n\nFrom **LKR 95,000** a site." },
    { type: "faq", items: [{ question: "How long does a site take?", answer: "About four weeks." }] },
    { type: "stats", items: [{ value: "120+", label: "projects delivered" }] },
    { type: "services" },
    { type: "contact" },
  ],
  variants: [{ name: "B", blocks: [{ type: "hero", heading: "An experiment in wording", text: "" }] }],
};

it("cuts a team page into passages titled by the page and linked to it in the chat's language", () => {
  const passages = landingPagePassages({ id: "p1", data: page }, "si");
  expect(passages.map(({ heading, text }) => [heading, text])).toEqual([
    ["Colombo SMEs", "Websites and campaigns for small firms in Colombo."],
    ["Grow your business online", "Grow your business online"],
    ["Prices", "From LKR 95,000 a site."],
    ["How long does a site take?", "About four weeks."],
    ["", "120+ projects delivered"],
  ]);
  for (const passage of passages) {
    expect(passage).toMatchObject({
      kind: "page",
      title: "Colombo SMEs",
      url: "/si/offers/colombo-smes",
      group: "page:p1",
    });
  }
  // Variant B's wording is not more to say.
  expect(JSON.stringify(passages)).not.toContain("experiment");
});
