import { describe, expect, it } from "vitest";
import { STOCK_FEATURE_IMAGE, STOCK_TEAM_IMAGE } from "./constants.ts";
import { defaultHome, defaultPartners, defaultPosts } from "./defaults.ts";
import {
  countWords,
  ctaTarget,
  homepageLogos,
  newFeature,
  newPartnerDefaults,
  newPostDefaults,
  newServiceDefaults,
  newTeamMember,
  newValue,
  parseFeatureList,
  postSlug,
  firstFreeSlug,
  nextFormerSlugs,
  numberedSlug,
  postSlugs,
  readingTime,
  renumber,
  reorder,
  sortByPlacement,
  todayIsoDate,
} from "./rules.ts";
import {
  aboutSchema,
  blogPostSchema,
  homeSchema,
  partnersSchema,
  servicesSchema,
  type BlogPost,
  type PartnersContent,
} from "./schemas.ts";

const post = (title: string, date: string, extra: Partial<BlogPost> = {}): BlogPost => ({
  title,
  excerpt: "",
  content: "",
  date,
  readTime: "1 min read",
  image: "",
  featured: false,
  placementId: 0,
  status: "published",
  ...extra,
});

describe("homepageLogos", () => {
  const partner = (name: string, placementId: number, extra: Partial<PartnersContent["partners"][number]> = {}) => ({
    name,
    description: "",
    logo: `/images/${name}.svg`,
    website: `https://${name}.example`,
    placementId,
    showInHomepage: true,
    ...extra,
  });
  const withPartners = (partners: PartnersContent["partners"]): PartnersContent => ({
    title: "",
    subtitle: "",
    partners,
  });

  it("uses visible partners with a logo, by placement", () => {
    const logos = homepageLogos(
      withPartners([
        partner("c", 2),
        partner("hidden", 0, { showInHomepage: false }),
        partner("a", 0),
        partner("nologo", 1, { logo: "  " }),
        partner("b", 1),
      ]),
      defaultHome,
    );
    expect(logos).toEqual([
      { name: "a", logo: "/images/a.svg", website: "https://a.example" },
      { name: "b", logo: "/images/b.svg", website: "https://b.example" },
      { name: "c", logo: "/images/c.svg", website: "https://c.example" },
    ]);
  });

  it("treats a missing showInHomepage as visible (anything not explicitly false)", () => {
    const { showInHomepage: _s, ...legacy } = partner("legacy", 0);
    const logos = homepageLogos(withPartners([legacy as PartnersContent["partners"][number]]), defaultHome);
    expect(logos.map((l) => l.name)).toEqual(["legacy"]);
  });

  it("falls back to home.clientLogos when there is no partners list", () => {
    const home = {
      ...defaultHome,
      clientLogos: [
        { name: "x", logo: "/x.svg", website: "" },
        { name: "nologo", logo: "", website: "" },
      ],
    };
    expect(homepageLogos(undefined, home)).toEqual([{ name: "x", logo: "/x.svg", website: "" }]);
    expect(homepageLogos(withPartners([]), home)).toEqual([{ name: "x", logo: "/x.svg", website: "" }]);
  });

  it("carries each logo's own alt text, marked English where a page in another language shows it so", () => {
    const partners = withPartners([
      partner("late", 5, { logoAlt: "Late Ltd, a printing house" }),
      partner("plain", 9),
      partner("early", 1, { logoAlt: "ඉක්මන් සමාගම" }),
    ]);
    // Found by its place in the stored list (partners.0, partners.2), whatever the placement order.
    expect(homepageLogos(partners, defaultHome, { partners: ["partners.0.logoAlt"] })).toEqual([
      { name: "early", logo: "/images/early.svg", website: "https://early.example", alt: { text: "ඉක්මන් සමාගම" } },
      {
        name: "late",
        logo: "/images/late.svg",
        website: "https://late.example",
        alt: { text: "Late Ltd, a printing house", lang: "en" },
      },
      { name: "plain", logo: "/images/plain.svg", website: "https://plain.example" },
    ]);
    const home = {
      ...defaultHome,
      clientLogos: [
        { name: "none", logo: "", website: "", logoAlt: "Skipped" },
        { name: "x", logo: "/x.svg", website: "", logoAlt: "X Corp" },
      ],
    };
    expect(homepageLogos(undefined, home, { home: ["clientLogos.1.logoAlt"] })).toEqual([
      { name: "x", logo: "/x.svg", website: "", alt: { text: "X Corp", lang: "en" } },
    ]);
  });

  it("does not fall back when partners exist but are all hidden", () => {
    expect(homepageLogos(withPartners([partner("h", 0, { showInHomepage: false })]), defaultHome)).toEqual([]);
  });

  it("on the defaults shows the four visible partners", () => {
    expect(homepageLogos(defaultPartners, defaultHome).map((l) => l.name)).toEqual([
      "Serendib Cloud",
      "Harbourline Analytics",
      "Ceylon Leaf Exports",
      "Kelani Print House",
    ]);
  });
});

describe("ctaTarget", () => {
  it.each([
    ["#contact", { kind: "scroll", id: "contact" }],
    ["  #services ", { kind: "scroll", id: "services" }],
    ["https://example.com/x", { kind: "open", href: "https://example.com/x" }],
    ["http://example.com", { kind: "open", href: "http://example.com" }],
    ["/services", { kind: "open", href: "/services" }],
    ["#", { kind: "none" }],
    ["", { kind: "none" }],
    ["javascript:alert(1)", { kind: "none" }],
    ["mailto:hello@example.com", { kind: "none" }],
    ["contact", { kind: "none" }],
    [undefined, { kind: "none" }],
  ] as const)("%j → %j", (url, expected) => {
    expect(ctaTarget(url)).toEqual(expected);
  });
});

describe("readingTime and countWords", () => {
  it("rounds words / 200 up with a 1 minute minimum", () => {
    const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
    expect(readingTime("")).toBe("1 min read");
    expect(readingTime("   ")).toBe("1 min read");
    expect(readingTime(words(1))).toBe("1 min read");
    expect(readingTime(words(200))).toBe("1 min read");
    expect(readingTime(words(201))).toBe("2 min read");
    expect(readingTime(words(1000))).toBe("5 min read");
    expect(readingTime(words(1001))).toBe("6 min read");
  });

  it("counts whitespace-separated words across lines", () => {
    expect(countWords("  one\ttwo\n\nthree  ")).toBe(3);
    expect(countWords("")).toBe(0);
  });
});

describe("todayIsoDate", () => {
  it("formats the local calendar date with zero padding", () => {
    expect(todayIsoDate(new Date(2025, 0, 5, 23, 59))).toBe("2025-01-05");
    expect(todayIsoDate(new Date(2025, 11, 31, 0, 0))).toBe("2025-12-31");
    expect(todayIsoDate()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("parseFeatureList", () => {
  it("splits on commas, trims and drops empties", () => {
    expect(parseFeatureList(" SEO ,  Ads,,  , Content strategy ,")).toEqual(["SEO", "Ads", "Content strategy"]);
    expect(parseFeatureList("")).toEqual([]);
    expect(parseFeatureList(" , ")).toEqual([]);
  });
});

describe("sortByPlacement, renumber and reorder", () => {
  const items = [
    { id: "c", placementId: 2 },
    { id: "a", placementId: 0 },
    { id: "b1", placementId: 1 },
    { id: "b2", placementId: 1 },
  ];

  it("sorts ascending, stable for ties, without mutating", () => {
    expect(sortByPlacement(items).map((i) => i.id)).toEqual(["a", "b1", "b2", "c"]);
    expect(items.map((i) => i.id)).toEqual(["c", "a", "b1", "b2"]);
  });

  it("renumber rewrites placementId to the index", () => {
    expect(renumber(sortByPlacement(items))).toEqual([
      { id: "a", placementId: 0 },
      { id: "b1", placementId: 1 },
      { id: "b2", placementId: 2 },
      { id: "c", placementId: 3 },
    ]);
  });

  it("moves an item and rewrites every placementId (down and up)", () => {
    const list = ["a", "b", "c", "d"].map((id, placementId) => ({ id, placementId }));
    expect(reorder(list, 0, 2)).toEqual([
      { id: "b", placementId: 0 },
      { id: "c", placementId: 1 },
      { id: "a", placementId: 2 },
      { id: "d", placementId: 3 },
    ]);
    expect(reorder(list, 3, 1).map((i) => i.id)).toEqual(["a", "d", "b", "c"]);
    expect(list.map((i) => i.id)).toEqual(["a", "b", "c", "d"]);
    expect(reorder(list, 1, 1)).toEqual(list);
    expect(reorder(list, 1, 1)[0]).not.toBe(list[0]);
  });

  it("clamps the target and ignores an out-of-range source", () => {
    const list = [{ placementId: 5 }, { placementId: 9 }, { placementId: 7 }];
    expect(reorder(list, 0, 99).map((i) => i.placementId)).toEqual([0, 1, 2]);
    expect(
      reorder(
        [
          { n: 1, placementId: 0 },
          { n: 2, placementId: 1 },
        ],
        0,
        99,
      ).map((i) => i.n),
    ).toEqual([2, 1]);
    expect(
      reorder(
        [
          { n: 1, placementId: 0 },
          { n: 2, placementId: 1 },
        ],
        1,
        -4,
      ).map((i) => i.n),
    ).toEqual([2, 1]);
    expect(reorder([{ n: 1, placementId: 4 }], 3, 0)).toEqual([{ n: 1, placementId: 0 }]);
    expect(reorder([], 0, 0)).toEqual([]);
  });
});

describe("post slugs", () => {
  it("makes lowercase ascii hyphenated slugs", () => {
    expect(postSlug({ title: "Performance Marketing on a Colombo Budget: Where Every Rupee Should Go" })).toBe(
      "performance-marketing-on-a-colombo-budget-where-every-rupee-should-go",
    );
    expect(postSlug({ title: "  Café Déjà-vu — 2025!  " })).toBe("cafe-deja-vu-2025");
    expect(postSlug({ title: "Brand & Content" })).toBe("brand-and-content");
    expect(postSlug({ title: "" })).toBe("post");
    expect(postSlug({ title: "ශ්‍රී ලංකාව" })).toBe("post");
    expect(postSlug({ title: "<script>alert(1)</script>" })).toBe("script-alert-1-script");
  });

  it("caps slugs at 80 characters without a trailing hyphen", () => {
    const slug = postSlug({ title: `${"word ".repeat(40)}end` });
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("suffixes duplicates, giving the bare slug to the oldest post", () => {
    const posts = [
      post("Hello World", "2025-05-01"),
      post("Hello, world!", "2025-01-01"),
      post("Other", "2025-02-01"),
      post("hello world", "2025-03-01"),
      post("", "2025-03-01", { updatedAt: "2025-03-01T01:00:00Z" }),
      post("", "2025-03-01", { updatedAt: "2025-03-01T02:00:00Z" }),
    ];
    expect(postSlugs(posts)).toEqual(["hello-world-3", "hello-world", "other", "hello-world-2", "post", "post-2"]);
    // Storage order does not matter.
    expect(postSlugs([...posts].reverse())).toEqual([
      "post-2",
      "post",
      "hello-world-2",
      "other",
      "hello-world",
      "hello-world-3",
    ]);
  });

  it("never collides with a title that already ends in -2, and a newer post never takes an older one's slug", () => {
    const posts = [post("Tips", "2025-02-01"), post("Tips", "2025-03-01"), post("Tips 2", "2025-04-01")];
    expect(postSlugs(posts)).toEqual(["tips", "tips-2", "tips-2-2"]);
    const older = [post("Tips 2", "2025-01-01"), post("Tips", "2025-02-01"), post("Tips", "2025-03-01")];
    expect(postSlugs(older)).toEqual(["tips-2", "tips", "tips-3"]);
  });

  it("keeps suffixed slugs within 80 characters and unique", () => {
    const title = "x".repeat(100);
    const slugs = postSlugs([post(title, "2025-01-01"), post(title, "2025-01-02"), post(title, "2025-01-03")]);
    expect(slugs.every((s) => s.length <= 80)).toBe(true);
    expect(new Set(slugs).size).toBe(3);
    expect(slugs[1]).toBe(`${"x".repeat(78)}-2`);
  });

  it("numberedSlug and firstFreeSlug give a title's first free address", () => {
    expect(numberedSlug("Hello World", 1)).toBe("hello-world");
    expect(numberedSlug("Hello World", 3)).toBe("hello-world-3");
    const long = "word ".repeat(40);
    expect(numberedSlug(long, 12).length).toBeLessThanOrEqual(80);
    expect(numberedSlug(long, 12).endsWith("-12")).toBe(true);
    const taken = new Set(["hello-world", "hello-world-2"]);
    expect(firstFreeSlug("Hello World", (slug) => taken.has(slug))).toBe("hello-world-3");
    expect(firstFreeSlug("Other", (slug) => taken.has(slug))).toBe("other");
  });

  it("nextFormerSlugs keeps the old address, drops the new one and keeps at most 20", () => {
    expect(nextFormerSlugs([], "old-name", "new-name")).toEqual(["old-name"]);
    // Renamed back: the address it has again is no longer a former one; the one it leaves is.
    expect(nextFormerSlugs(["old-name"], "new-name", "old-name")).toEqual(["new-name"]);
    expect(nextFormerSlugs(["a", "b"], "a", "c")).toEqual(["b", "a"]);
    let former: string[] = [];
    for (let i = 1; i <= 25; i++) former = nextFormerSlugs(former, `name-${i}`, `name-${i + 1}`);
    expect(former).toHaveLength(20);
    expect(former[0]).toBe("name-6");
    expect(former.at(-1)).toBe("name-25");
  });

  it("every default post has a distinct slug", () => {
    const slugs = postSlugs(defaultPosts);
    expect(new Set(slugs).size).toBe(defaultPosts.length);
  });
});

describe("new item defaults", () => {
  const now = new Date(2025, 6, 4, 10, 30);

  it("new service is empty and placed at the end", () => {
    const service = newServiceDefaults([{}, {}, {}]);
    expect(service).toEqual({ title: "", description: "", features: [], placementId: 3 });
    expect(servicesSchema.shape.services.element.safeParse(service).success).toBe(true);
  });

  it("new post is dated today, 1 min read, not featured, placed at the end", () => {
    const created = newPostDefaults([{}, {}], now);
    expect(created).toEqual({
      title: "",
      excerpt: "",
      content: "",
      date: "2025-07-04",
      readTime: "1 min read",
      image: "",
      featured: false,
      placementId: 2,
      updatedAt: now.toISOString(),
      status: "published",
    });
    expect(blogPostSchema.safeParse(created).success).toBe(true);
    expect(newPostDefaults([]).date).toBe(todayIsoDate());
  });

  it("new partner is empty, shown on the homepage and placed at the end", () => {
    const partner = newPartnerDefaults(defaultPartners.partners);
    expect(partner).toEqual({ name: "", description: "", logo: "", website: "", placementId: 5, showInHomepage: true });
    expect(partnersSchema.shape.partners.element.safeParse(partner).success).toBe(true);
  });

  it("new team member, feature and value", () => {
    expect(newTeamMember()).toEqual({ name: "", role: "", description: "", image: STOCK_TEAM_IMAGE });
    expect(newFeature()).toEqual({ title: "", description: "", image: STOCK_FEATURE_IMAGE });
    expect(newValue()).toEqual({ title: "", description: "" });
    expect(aboutSchema.shape.team.element.safeParse(newTeamMember()).success).toBe(true);
    expect(homeSchema.shape.features.element.safeParse(newFeature()).success).toBe(true);
    expect(newFeature()).not.toBe(newFeature());
  });
});
