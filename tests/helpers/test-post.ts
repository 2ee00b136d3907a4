import type { BlogPost } from "#content/schemas.ts";

/** A valid blog post titled `title` (published, dated 2026-01-15), with `extra` over it: what the posts API tests save. */
export const testPost = (title: string, extra: Partial<BlogPost> = {}): BlogPost => ({
  title,
  excerpt: `About ${title}.`,
  content: `## ${title}\n\nWords about ${title}.`,
  date: "2026-01-15",
  readTime: "1 min read",
  image: "",
  featured: false,
  placementId: 0,
  status: "published",
  ...extra,
});
