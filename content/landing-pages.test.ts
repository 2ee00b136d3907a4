import { describe, expect, it } from "vitest";
import { KEPT_FIRST_SEGMENTS, isLandingPath } from "./landing-path.ts";
import { keptFirstSegmentMessages, landingPathProblem } from "./landing-pages.ts";

describe("a team page's address", () => {
  it.each(["/offers", "/offers/colombo-smes", "/events/2027/webinar", "/a", "/jaffna-tamil-seo"])(
    "accepts %s",
    (path) => expect(landingPathProblem(path)).toBeUndefined(),
  );

  it.each([
    ["", "Give the page an address such as /offers/colombo-smes."],
    ["/", "Give the page an address such as /offers/colombo-smes."],
    ["/Offers", "Use one to three parts"],
    ["/offers/", "Use one to three parts"],
    ["/a/b/c/d", "Use one to three parts"],
    ["/-offer", "Use one to three parts"],
    ["/offer_1", "Use one to three parts"],
    ["/ඔෆර්", "Use one to three parts"],
    [`/${"a".repeat(120)}`, "Keep the address under 120 characters."],
    ["/blog", "The blog answers at /blog and below: choose another address."],
    ["/blog/my-offer", "The blog answers at /blog and below: choose another address."],
    ["/about", "/about is the site's About Us page: choose another address."],
    ["/privacy-policy/x", "/privacy-policy is the site's"],
    ["/done", "/done is the contact form's thank-you page: choose another address."],
    ["/api/pages", "/api is kept for the site itself: choose another address."],
    ["/admin", "/admin is kept for the site itself: choose another address."],
    ["/si", "/si/… is the Sinhala version of the site's pages: choose another address."],
    ["/ta/offers", "/ta/… is the Tamil version of the site's pages: choose another address."],
  ])("refuses %j, saying why", (path, message) => expect(landingPathProblem(path)).toContain(message));
});

describe("the kept first segments", () => {
  it("each have their own words, and isLandingPath agrees with landingPathProblem", () => {
    expect(Object.keys(keptFirstSegmentMessages()).sort()).toEqual([...KEPT_FIRST_SEGMENTS].sort());
    for (const path of [
      "/offers",
      "/si",
      "/si/x",
      "/blog/x",
      "/about",
      "/admin-x",
      "/done",
      "/Offers",
      "/a/b/c/d",
      `/${"a".repeat(130)}`,
    ])
      expect(isLandingPath(path), path).toBe(landingPathProblem(path) === undefined);
  });
});
