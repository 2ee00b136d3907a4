import { SITE_NAME } from "#content/constants.ts";
import { LOCALES, type Locale } from "#content/locales.ts";
import { postPath } from "#content/post-paths.ts";
import { JsonLd } from "./json-ld.tsx";

export interface BlogJsonLdPost {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  image: string;
  updatedAt?: string | undefined;
  /** The post's texts still in English on a page in another language. */
  english: readonly string[];
}

/**
 * schema.org BlogPosting of a post on its page in `locale`, as an object
 * ready for JSON.stringify; `inLanguage` is the language its text is in.
 */
export function blogPostingJsonLd(post: BlogJsonLdPost, origin: string, locale: Locale) {
  const url = new URL(postPath(post.slug, locale), origin).href;
  const organisation = { "@type": "Organization", name: SITE_NAME, url: new URL("/", origin).href };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    inLanguage: post.english.includes("content") ? LOCALES.en.htmlLang : LOCALES[locale].htmlLang,
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
  locale,
  nonce,
}: {
  post: BlogJsonLdPost;
  origin: string;
  locale: Locale;
  nonce: string | undefined;
}) {
  return <JsonLd data={blogPostingJsonLd(post, origin, locale)} nonce={nonce} />;
}
