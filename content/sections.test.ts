import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { documentDefaults } from "./defaults.ts";
import { documentSchemas } from "./schemas.ts";
import {
  ADMIN_TABS,
  AI_SETTINGS_KEY,
  documentKeys,
  documents,
  documentsOfTab,
  FOOTER_LINKS,
  isDocumentKey,
  isSectionKey,
  NAV_LINKS,
  previewPath,
  privateDocumentKeys,
  documentApiPath,
  ANSWERS_KEY,
  sectionKeys,
  SITE_PAGES,
  SITEMAP_PAGES,
} from "./sections.ts";

const root = fileURLToPath(new URL("../", import.meta.url));

/** Every route path of app/routes.ts, as an address ("/" for the index). */
function routePaths(): string[] {
  const paths: string[] = [];
  const walk = (entries: readonly { path?: string; index?: boolean; children?: unknown }[], prefix: string) => {
    for (const entry of entries) {
      const own = entry.index ? prefix || "/" : entry.path ? `${prefix}/${entry.path}` : prefix;
      if (entry.index || entry.path) paths.push(own);
      if (Array.isArray(entry.children)) walk(entry.children, own === "/" ? "" : own);
    }
  };
  walk(routes, "");
  return paths;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe("the document registry", () => {
  it("lists the eight sections, the AI settings and the Answers, in order", () => {
    expect(documentKeys).toEqual([
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
    expect(sectionKeys).toEqual(documentKeys.filter((key) => key !== AI_SETTINGS_KEY && key !== ANSWERS_KEY));
    expect(sectionKeys.every((key) => isSectionKey(key) && isDocumentKey(key))).toBe(true);
    expect(isSectionKey(AI_SETTINGS_KEY)).toBe(false);
    // No page shows them: served to staff at their own addresses, never under /api/content/:key.
    expect(privateDocumentKeys).toEqual([AI_SETTINGS_KEY, ANSWERS_KEY]);
    expect(privateDocumentKeys.map(documentApiPath)).toEqual(["/api/ai-settings", "/api/answers"]);
    expect(documentApiPath("home")).toBe("/api/content/home");
    expect(isDocumentKey("constructor")).toBe(false);
  });

  it.each(documentKeys)("%s has a schema, and built-in defaults on the server that pass it", (key) => {
    expect(documentSchemas[key].safeParse(documentDefaults[key]).success).toBe(true);
  });

  it("has schemas and defaults for exactly the registry's documents", () => {
    expect(Object.keys(documentSchemas)).toEqual(documentKeys);
    expect(Object.keys(documentDefaults)).toEqual(documentKeys);
  });
});

describe("the public pages", () => {
  it("have unique paths, each served by a route of app/routes.ts", () => {
    const paths = SITE_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    const served = routePaths();
    for (const p of paths) expect(served).toContain(p);
  });

  it("put the six links of docs/product.md §2 in the top navigation, in order", () => {
    expect(NAV_LINKS.map(({ linkLabel, path }) => [linkLabel, path])).toEqual([
      ["Home", "/"],
      ["Services", "/services"],
      ["Blog", "/blog"],
      ["Partners", "/partners"],
      ["About Us", "/about"],
      ["Contact Us", "/contact"],
    ]);
  });

  it("put the legal pages in the footer", () => {
    expect(FOOTER_LINKS.map(({ linkLabel, path }) => [linkLabel, path])).toEqual([
      ["Privacy Policy", "/privacy-policy"],
      ["Terms & Conditions", "/terms-conditions"],
    ]);
  });

  it("list every page in the sitemap", () => {
    expect(SITEMAP_PAGES.map((page) => page.document)).toEqual(sectionKeys);
  });

  it("are where the admin's Preview shows each document's draft (Home for the AI settings' greeting; none for the Answers)", () => {
    expect(Object.fromEntries(documentKeys.map((key) => [key, previewPath(key)]))).toEqual({
      home: "/",
      services: "/services",
      blog: "/blog",
      partners: "/partners",
      about: "/about",
      contact: "/contact",
      "privacy-policy": "/privacy-policy",
      "terms-conditions": "/terms-conditions",
      "ai-settings": "/",
      answers: null,
    });
  });
});

describe("the admin tabs", () => {
  it("are the eight tabs of docs/product.md §2, with Pages after Blog (issue 42), in order", () => {
    expect(ADMIN_TABS.map((tab) => tab.label)).toEqual([
      "Home",
      "Services",
      "Blog",
      "Pages",
      "Partners",
      "About",
      "Contact",
      "Legal",
      "AI",
    ]);
  });

  it("edit every document exactly once, Legal with two sub-tabs", () => {
    const edited = ADMIN_TABS.flatMap((tab) => documentsOfTab(tab.id));
    expect(edited).toEqual(documentKeys);
    // Pages edits records of its own (the team's pages), no document.
    for (const tab of ADMIN_TABS) {
      if (tab.id === "pages") expect(documentsOfTab(tab.id)).toEqual([]);
      else expect(documentsOfTab(tab.id).length, tab.id).toBeGreaterThan(0);
    }
    expect(documentsOfTab("legal").map((key) => documents[key].label)).toEqual([
      "Privacy Policy",
      "Terms & Conditions",
    ]);
  });

  it("carry the save button texts of docs/product.md §2", () => {
    expect(documentKeys.map((key) => documents[key].saveLabel)).toEqual([
      "Save Home Content",
      "Save Services Content",
      "Save Blog Content",
      "Save Partners Content",
      "Save About Content",
      "Save Contact Content",
      "Save Privacy Policy",
      "Save Terms & Conditions",
      "Save AI Settings",
      "Save Answers",
    ]);
  });
});

describe("default prose stays out of the browser", () => {
  it("is imported by no browser module (only .server.ts modules and tests may)", () => {
    const browser = [...sourceFiles("app"), ...sourceFiles("content")].filter(
      (file) => !/\.server\.tsx?$|\.test\.tsx?$/.test(file) && file !== path.join("content", "defaults.ts"),
    );
    const importers = browser.filter((file) =>
      /from "(#content\/|\.\/)defaults\.ts"/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(importers).toEqual([]);
  });
});
