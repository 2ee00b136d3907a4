import { SITE_NAME } from "#content/constants.ts";
import { postPath } from "#content/public-pages.ts";
import { JsonLd } from "./json-ld.tsx";

export interface BlogJsonLdPost {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  image: string;
  updatedAt?: string | undefined;
}

/** schema.org BlogPosting of a post, as an object ready for JSON.stringify. */
export function blogPostingJsonLd(post: BlogJsonLdPost, origin: string) {
  const url = new URL(postPath(post.slug), origin).href;
  const organisation = { "@type": "Organization", name: SITE_NAME, url: new URL("/", origin).href };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    dateModified: post.updatedAt ?? post.date,
    ...(post.image ? { image: [new URL(post.image, origin).href] } : {}),
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    author: organisation,
    publisher: { ...organisation, logo: { "@type": "ImageObject", url: new URL("/logo.svg", origin).href } },
  };
}

/** The post's structured data for search engines; `nonce` is the page's CSP nonce. */
export function BlogJsonLd({
  post,
  origin,
  nonce,
}: {
  post: BlogJsonLdPost;
  origin: string;
  nonce: string | undefined;
}) {
  return <JsonLd data={blogPostingJsonLd(post, origin)} nonce={nonce} />;
}
