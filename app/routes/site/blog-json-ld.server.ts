import { SITE_NAME } from "#content/constants.ts";
import { LOCALES, type Locale } from "#content/locales.ts";
import { postPath } from "#content/post-paths.ts";

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
 * Made by the post's loader, so the browser gets the object, not this code
 * (decision 007: the post page's own code).
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
