import type { MetaDescriptor } from "react-router";
import { SITE_NAME } from "#content/constants.ts";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page, e.g. "/services". */
  path: string;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  type?: "website" | "article";
}

/**
 * Title, description, canonical URL, OpenGraph and Twitter tags for a page.
 * `origin` comes from the root loader (PUBLIC_URL or the request's origin).
 */
export function seoMeta(page: PageSeo, origin: string): MetaDescriptor[] {
  const url = new URL(page.path, origin).href;
  const title = page.path === "/" ? page.title : `${page.title} | ${SITE_NAME}`;
  const image = new URL(page.image ?? "/og-image.svg", origin).href;
  const description = page.description.replace(/\s+/g, " ").trim().slice(0, 300);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/** The site origin from the root loader's data, for use inside `meta({ matches })`. */
export function originFrom(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "http://localhost:3000";
}
