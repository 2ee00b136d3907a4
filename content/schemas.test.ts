import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  defaultAbout,
  defaultAiSettings,
  defaultBlog,
  defaultPosts,
  defaultContact,
  defaultHome,
  defaultPartners,
  defaultPrivacyPolicy,
  defaultServices,
  defaultTermsConditions,
  documentDefaults,
} from "./defaults.ts";
import { SITE_NAME, STOCK_FEATURE_IMAGE, STOCK_TEAM_IMAGE } from "./constants.ts";
import { markupToPlainText } from "./markup.ts";
import { countWords, readingTime } from "./rules.ts";
import {
  aboutSchema,
  blogPostSchema,
  blogSchema,
  contactSchema,
  documentSchemas,
  homeSchema,
  isoDate,
  legalSchema,
  partnersSchema,
  servicesSchema,
  urlField,
} from "./schemas.ts";
import { documents, type DocumentKey } from "./sections.ts";

const clone = <T>(value: T): T => structuredClone(value);
const publicDir = fileURLToPath(new URL("../public/", import.meta.url));

function issuesOf(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues;
}

const validPost = () => {
  const { id: _id, ...post } = clone(defaultPosts[0]!);
  return post;
};

describe("defaults against the registry", () => {
  const keys = Object.keys(documents) as DocumentKey[];

  it("covers the eight sections, the AI settings and the Answers", () => {
    expect(keys).toEqual([
      "home",
      "services",
      "blog",
      "partners",
      "about",
      "contact",
      "privacy-policy",
      "terms-conditions",
      "ai-settings",
      "answers",
    ]);
  });

  it.each(keys)("default %s passes its schema unchanged", (key) => {
    const schema = documentSchemas[key];
    const defaults = documentDefaults[key];
    const result = schema.safeParse(defaults);
    expect(result.error?.issues ?? []).toEqual([]);
    // Parsing is a no-op: nothing is trimmed, defaulted or dropped.
    expect(result.data).toEqual(defaults);
  });

  it("wires the exported defaults into the registry", () => {
    expect(documentDefaults.home).toBe(defaultHome);
    expect(documentDefaults.services).toBe(defaultServices);
    expect(documentDefaults.blog).toBe(defaultBlog);
    expect(documentDefaults.partners).toBe(defaultPartners);
    expect(documentDefaults.about).toBe(defaultAbout);
    expect(documentDefaults.contact).toBe(defaultContact);
    expect(documentDefaults["privacy-policy"]).toBe(defaultPrivacyPolicy);
    expect(documentDefaults["terms-conditions"]).toBe(defaultTermsConditions);
    expect(documentDefaults["ai-settings"]).toBe(defaultAiSettings);
  });
});

describe("default content follows docs/product.md", () => {
  it("home hero uses the call to action of docs/product.md", () => {
    expect(defaultHome.hero).toMatchObject({
      cta: "Get Started",
      ctaUrl: "#contact",
      ctaColor: "bg-rose-600 hover:bg-rose-700",
    });
    expect(defaultHome.hero.title.length).toBeGreaterThan(10);
    expect(defaultHome.features).toHaveLength(3);
    for (const feature of defaultHome.features) {
      expect(feature.title).not.toBe("");
      expect(feature.description.split(/(?<=\.)\s+/).length).toBeGreaterThanOrEqual(2);
    }
    expect(defaultHome.clientLogos.length).toBeGreaterThanOrEqual(4);
    expect(defaultHome.clientLogos.length).toBeLessThanOrEqual(6);
  });

  it("services: 5-6 services with 4-6 features and placements 0..n-1", () => {
    expect(defaultServices.title).toBe("Our Services");
    const { services } = defaultServices;
    expect(services.length).toBeGreaterThanOrEqual(5);
    expect(services.length).toBeLessThanOrEqual(6);
    expect(services.map((s) => s.placementId)).toEqual(services.map((_, i) => i));
    for (const service of services) {
      expect(service.features.length).toBeGreaterThanOrEqual(4);
      expect(service.features.length).toBeLessThanOrEqual(6);
    }
  });

  it("blog: 4 posts in 2025, 3 featured, 250-450 words, readTime computed from the words", () => {
    const posts = defaultPosts;
    expect(posts).toHaveLength(4);
    expect(posts.filter((p) => p.featured)).toHaveLength(3);
    expect(posts.map((p) => p.placementId)).toEqual([0, 1, 2, 3]);
    for (const post of posts) {
      expect(post.date).toMatch(/^2025-\d{2}-\d{2}$/);
      const words = countWords(markupToPlainText(post.content));
      expect(words).toBeGreaterThanOrEqual(250);
      expect(words).toBeLessThanOrEqual(450);
      expect(post.readTime).toBe(readingTime(markupToPlainText(post.content)));
      expect(post.readTime).toBe(`${Math.ceil(words / 200)} min read`);
      expect(post.content).toMatch(/^## /m);
      expect(post.updatedAt?.startsWith(post.date)).toBe(true);
    }
  });

  it("partners: 5, all with https websites, exactly one hidden from the homepage", () => {
    const { partners } = defaultPartners;
    expect(partners).toHaveLength(5);
    expect(partners.filter((p) => p.showInHomepage === false)).toHaveLength(1);
    for (const partner of partners) expect(partner.website).toMatch(/^https:\/\//);
  });

  it("about has 4 values and no team; contact and AI defaults match docs/product.md", () => {
    expect(defaultAbout.values).toHaveLength(4);
    expect(defaultAbout.team).toEqual([]);
    expect(defaultAbout.story.split(/\n\s*\n/).length).toBeGreaterThanOrEqual(2);
    expect(defaultContact.title).toBe("Contact Us");
    expect(defaultContact.map).toEqual({ lat: "6.9271", lng: "79.8612", zoom: "10" });
    expect(defaultContact.mapEmbed).toBe("");
    expect(defaultContact.info.address).toContain("Colombo");
    expect(defaultContact.info.email).toMatch(/^hello@/);
    expect(defaultContact.info.phone).toMatch(/^\+94 /);
    expect(defaultAiSettings.greeting).toBe("Welcome! How can I help you today?");
    expect(defaultAiSettings.knowledgeBase).toContain(SITE_NAME);
    expect(defaultAiSettings.blogKnowledgeBase.length).toBeGreaterThan(200);
  });

  it.each([defaultPrivacyPolicy, defaultTermsConditions])(
    "legal default $title says it is default content and uses only h2/p/ul/li",
    (doc) => {
      expect(["Privacy Policy", "Terms & Conditions"]).toContain(doc.title);
      expect(doc.content).toMatch(/default content/i);
      expect(doc.content).toMatch(/Admin Panel/);
      const tags = new Set([...doc.content.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase()));
      expect([...tags].sort()).toEqual(["h2", "li", "p", "ul"]);
    },
  );

  it("uses the agency name consistently", () => {
    expect(SITE_NAME).toBe("Lanka Growth Partners");
    const all = JSON.stringify(Object.values(documentDefaults));
    expect(all).not.toMatch(/Northstar/i);
  });
});

describe("default images are local, small SVGs", () => {
  const referenced = new Set<string>([STOCK_FEATURE_IMAGE, STOCK_TEAM_IMAGE, "/logo.svg", "/favicon.svg"]);
  for (const feature of defaultHome.features) referenced.add(feature.image);
  for (const logo of defaultHome.clientLogos) referenced.add(logo.logo);
  for (const post of defaultPosts) referenced.add(post.image);
  for (const partner of defaultPartners.partners) referenced.add(partner.logo);

  it.each([...referenced])("%s exists, is under 2 KB and has width, height and viewBox", (path) => {
    expect(path).toMatch(/^\/[\w/-]+\.svg$/);
    const file = publicDir + path.slice(1);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeLessThan(2048);
    const svg = readFileSync(file, "utf8");
    expect(svg).toMatch(/^<svg [^>]*width="\d+"[^>]*height="\d+"[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/i);
  });
});

describe("strict objects", () => {
  it("refuse an unknown top-level key, naming it", () => {
    const issues = issuesOf(homeSchema.safeParse({ ...clone(defaultHome), heroo: {} }));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toContain("heroo");
  });

  it("refuse unknown nested keys, naming the key and giving its path", () => {
    const home = clone(defaultHome) as Record<string, unknown> & typeof defaultHome;
    (home.hero as Record<string, unknown>).ctaColour = "bg-blue-600";
    const homeIssues = issuesOf(homeSchema.safeParse(home));
    expect(homeIssues[0]!.message).toContain("ctaColour");
    expect(homeIssues[0]!.path).toEqual(["hero"]);

    const post = { ...validPost(), slug: "x" };
    const postIssues = issuesOf(blogPostSchema.safeParse(post));
    expect(postIssues[0]!.message).toContain("slug");
    // The blog page's texts no longer hold posts: a list of them is refused.
    expect(issuesOf(blogSchema.safeParse({ ...clone(defaultBlog), posts: [] }))[0]!.message).toContain("posts");

    const partners = clone(defaultPartners);
    (partners.partners[0] as Record<string, unknown>).showOnHomepage = false;
    expect(issuesOf(partnersSchema.safeParse(partners))[0]!.message).toContain("showOnHomepage");

    const contact = clone(defaultContact);
    (contact.map as Record<string, unknown>).lon = "79.8";
    expect(issuesOf(contactSchema.safeParse(contact))[0]!.message).toContain("lon");
  });
});

describe("refused values", () => {
  it("wrong types", () => {
    expect(servicesSchema.safeParse({ ...clone(defaultServices), title: 42 }).success).toBe(false);
    expect(blogPostSchema.safeParse({ ...validPost(), featured: "yes" }).success).toBe(false);
    expect(blogPostSchema.safeParse({ ...validPost(), placementId: "1" }).success).toBe(false);
    expect(blogPostSchema.safeParse({ ...validPost(), placementId: 1.5 }).success).toBe(false);
    expect(blogPostSchema.safeParse({ ...validPost(), placementId: -1 }).success).toBe(false);
    const services = clone(defaultServices);
    (services.services[0] as Record<string, unknown>).features = "a, b, c";
    expect(servicesSchema.safeParse(services).success).toBe(false);
    expect(aboutSchema.safeParse({ ...clone(defaultAbout), team: null }).success).toBe(false);
    const { title: _title, ...missingTitle } = clone(defaultPrivacyPolicy);
    expect(legalSchema.safeParse(missingTitle).success).toBe(false);
  });

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "vbscript:x",
    "ftp://example.com",
  ])("address %j", (url) => {
    const issues = issuesOf(urlField.safeParse(url));
    expect(issues[0]!.message).toMatch(/https:\/\//);
    expect(blogPostSchema.safeParse({ ...validPost(), image: url }).success).toBe(false);
    const partners = clone(defaultPartners);
    partners.partners[0]!.website = url;
    expect(partnersSchema.safeParse(partners).success).toBe(false);
  });

  it.each([
    "",
    "/images/x.svg",
    "#contact",
    "https://example.com/a?b=c",
    "mailto:hello@example.com",
    "tel:+94112345678",
  ])("accepts address %j", (url) => {
    expect(urlField.safeParse(url).success).toBe(true);
  });

  it("absurd lengths", () => {
    expect(issuesOf(blogPostSchema.safeParse({ ...validPost(), title: "x".repeat(301) }))[0]!.message).toMatch(/300/);
    expect(blogPostSchema.safeParse({ ...validPost(), title: "x".repeat(300) }).success).toBe(true);
    expect(blogPostSchema.safeParse({ ...validPost(), content: "x".repeat(200_001) }).success).toBe(false);
    expect(blogPostSchema.safeParse({ ...validPost(), excerpt: "x".repeat(5_001) }).success).toBe(false);
    expect(blogPostSchema.safeParse({ ...validPost(), image: `/${"x".repeat(2_000)}` }).success).toBe(false);
    expect(blogPostSchema.safeParse({ ...validPost(), readTime: "1".repeat(41) }).success).toBe(false);
    const tooMany = {
      ...clone(defaultServices),
      services: Array.from({ length: 201 }, (_, i) => ({ ...defaultServices.services[0]!, placementId: i })),
    };
    expect(issuesOf(servicesSchema.safeParse(tooMany))[0]!.message).toMatch(/200/);
    expect(
      homeSchema.safeParse({ ...clone(defaultHome), hero: { ...defaultHome.hero, ctaColor: "x".repeat(201) } }).success,
    ).toBe(false);
  });

  it.each(["2025-13-01", "2025-00-10", "2025-1-5", "31/01/2025", "2025-01-01T00:00:00Z", "", "yesterday"])(
    "date %j",
    (date) => {
      expect(isoDate.safeParse(date).success).toBe(false);
      expect(blogPostSchema.safeParse({ ...validPost(), date }).success).toBe(false);
    },
  );

  it.each(["2025-02-30", "2025-02-29", "2025-04-31"])("refuses the impossible calendar day %s", (date) => {
    expect(isoDate.safeParse(date).success).toBe(false);
  });

  it("accepts a leap day", () => {
    expect(isoDate.safeParse("2024-02-29").success).toBe(true);
  });

  it("takes dates and times from 2000 to the end of 2100 (UTC), with one message", () => {
    const range = "Use a date between 2000 and 2100.";
    for (const date of ["2000-01-01", "2100-12-31"]) expect(isoDate.safeParse(date).success).toBe(true);
    for (const date of ["1999-12-31", "2101-01-01", "0000-01-01"]) {
      expect(issuesOf(isoDate.safeParse(date)).map((issue) => issue.message)).toEqual([range]);
    }
    for (const time of ["2000-01-01T00:00:00Z", "2100-12-31T23:59:59.999Z", "2101-01-01T04:59:00+05:00"]) {
      expect(blogPostSchema.safeParse({ ...validPost(), publishAt: time, updatedAt: time }).success).toBe(true);
    }
    for (const time of ["1999-12-31T23:59:59Z", "2000-01-01T00:00:00+00:01", "9999-12-31T23:59:59-23:59"]) {
      const issues = issuesOf(blogPostSchema.safeParse({ ...validPost(), publishAt: time, updatedAt: time }));
      expect(issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["updatedAt", range],
        ["publishAt", range],
      ]);
    }
    // Not a date at all: that is what it is told.
    expect(issuesOf(isoDate.safeParse("soon")).map((issue) => issue.message)).toEqual(["Use a date like 2025-01-31."]);
  });

  it.each(["//evil.example/x", "/\\evil.example"])("refuses the protocol-relative address %s", (image) => {
    expect(blogPostSchema.safeParse({ ...validPost(), image }).success).toBe(false);
  });

  // Browsers drop tabs and line breaks anywhere in an address, and control characters and spaces before it, then run what is left.
  const hiddenScripts = [
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "jav\r\nascript:alert(1)",
    "\u0001javascript:alert(1)",
    "\u0000 \u001fjavascript:alert(1)",
    "\tjava\tscript:alert(1)",
    "vb\tscript:x",
    "da\nta:text/html,x",
  ];

  it.each(hiddenScripts)("refuses the hidden script address %j everywhere", (url) => {
    expect(urlField.safeParse(url).success).toBe(false);
    const home = { ...clone(defaultHome), hero: { ...defaultHome.hero, ctaUrl: url } };
    expect(homeSchema.safeParse(home).success).toBe(false);
  });

  it.each(["/\t/evil.example/x", "/\n\\evil.example"])(
    "refuses the protocol-relative address hidden by a tab or line break %j",
    (image) => {
      expect(blogPostSchema.safeParse({ ...validPost(), image }).success).toBe(false);
    },
  );

  it("refuses a script address as the hero's call-to-action target", () => {
    const bad = { ...clone(defaultHome), hero: { ...defaultHome.hero, ctaUrl: "javascript:alert(1)" } };
    expect(homeSchema.safeParse(bad).success).toBe(false);
    const odd = { ...clone(defaultHome), hero: { ...defaultHome.hero, ctaUrl: "contact-us" } };
    expect(homeSchema.safeParse(odd).success).toBe(true);
  });

  it("bad updatedAt, emails, coordinates and class names", () => {
    expect(blogPostSchema.safeParse({ ...validPost(), updatedAt: "2025-03-18" }).success).toBe(false);
    expect(blogPostSchema.safeParse({ ...validPost(), updatedAt: "last week" }).success).toBe(false);
    const { updatedAt: _u, ...withoutUpdatedAt } = validPost();
    expect(blogPostSchema.safeParse(withoutUpdatedAt).success).toBe(true);

    const contact = (patch: Partial<typeof defaultContact.info>, map: Partial<typeof defaultContact.map> = {}) =>
      contactSchema.safeParse({
        ...clone(defaultContact),
        info: { ...defaultContact.info, ...patch },
        map: { ...defaultContact.map, ...map },
      });
    expect(contact({ email: "not-an-email" }).success).toBe(false);
    expect(contact({ email: "" }).success).toBe(true);
    expect(contact({}, { lat: "91" }).success).toBe(false);
    expect(contact({}, { lng: "-181" }).success).toBe(false);
    expect(contact({}, { zoom: "22" }).success).toBe(false);
    expect(contact({}, { lat: "north" }).success).toBe(false);
    expect(contact({}, { lat: "", lng: "", zoom: "" }).success).toBe(true);

    const hero = (ctaColor: string) =>
      homeSchema.safeParse({ ...clone(defaultHome), hero: { ...defaultHome.hero, ctaColor } });
    expect(hero('bg-rose-600" onmouseover="alert(1)').success).toBe(false);
    expect(hero("bg-sky-500 hover:bg-sky-600 md:px-8").success).toBe(true);
  });
});

describe("partners.showInHomepage", () => {
  it("defaults to true when missing and keeps an explicit false", () => {
    const raw = clone(defaultPartners).partners.map(({ showInHomepage: _s, ...rest }) => rest);
    const parsed = partnersSchema.parse({ ...defaultPartners, partners: raw });
    expect(parsed.partners.map((p) => p.showInHomepage)).toEqual([true, true, true, true, true]);
    const hidden = partnersSchema.parse(defaultPartners);
    expect(hidden.partners[4]!.showInHomepage).toBe(false);
  });

  it("refuses a non-boolean", () => {
    const partners = clone(defaultPartners);
    (partners.partners[0] as Record<string, unknown>).showInHomepage = "false";
    expect(partnersSchema.safeParse(partners).success).toBe(false);
  });
});

describe("an image's own alt text", () => {
  it("is optional: content stored before it reads unchanged", () => {
    expect(homeSchema.parse(defaultHome)).toEqual(defaultHome);
    expect(blogPostSchema.parse(validPost())).not.toHaveProperty("imageAlt");
  });

  it("is one trimmed line of at most 300 characters, every joiner kept", () => {
    const sinhala = "ශ්\u200Dරී ලංකාවේ තේ වත්තක්";
    const post = blogPostSchema.parse({ ...validPost(), imageAlt: `  Tea\npickers at dawn  ` });
    expect(post.imageAlt).toBe("Tea pickers at dawn");
    expect(blogPostSchema.parse({ ...validPost(), imageAlt: sinhala }).imageAlt).toBe(sinhala);
    const home = clone(defaultHome);
    home.features[0]!.imageAlt = "x".repeat(301);
    expect(issuesOf(homeSchema.safeParse(home))[0]).toMatchObject({ path: ["features", 0, "imageAlt"] });
    home.features[0]!.imageAlt = "x".repeat(300);
    expect(homeSchema.safeParse(home).success).toBe(true);
  });

  it("refuses anything but text, in every field that has one", () => {
    const partners = clone(defaultPartners);
    (partners.partners[0] as Record<string, unknown>).logoAlt = 7;
    expect(issuesOf(partnersSchema.safeParse(partners))[0]).toMatchObject({ path: ["partners", 0, "logoAlt"] });
    const about = {
      ...clone(defaultAbout),
      team: [{ name: "A", role: "", description: "", image: "", imageAlt: null }],
    };
    expect(issuesOf(aboutSchema.safeParse(about))[0]).toMatchObject({ path: ["team", 0, "imageAlt"] });
    const home = clone(defaultHome);
    (home.clientLogos[0] as Record<string, unknown>).logoAlt = ["a"];
    expect(issuesOf(homeSchema.safeParse(home))[0]).toMatchObject({ path: ["clientLogos", 0, "logoAlt"] });
  });
});
