import type { PostPage, PostRecord, PostSummary } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { Site } from "./fixtures.ts";

/** Blog posts through the posts API as the test administrator (what the admin's Blog tab reads and writes). */

async function call<T>(site: Site, path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(`${site.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      Cookie: await site.adminCookie(),
      ...(init.json === undefined ? {} : { "Content-Type": "application/json", Origin: site.url }),
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A post's data with these fields changed: dated 2025-01-01, not featured, "1 min read". */
export function postData(fields: Partial<BlogPost> = {}): BlogPost {
  return {
    title: "A post",
    excerpt: "",
    content: "",
    date: "2025-01-01",
    readTime: "1 min read",
    image: "",
    featured: false,
    placementId: 0,
    ...fields,
  };
}

export const createPost = (site: Site, data: BlogPost) =>
  call<PostRecord>(site, "/api/posts", { method: "POST", json: { data } });

export const readPost = (site: Site, id: string) => call<PostRecord>(site, `/api/posts/${id}`);

export async function updatePost(site: Site, id: string, change: Partial<BlogPost>): Promise<PostRecord> {
  const current = await readPost(site, id);
  return call<PostRecord>(site, `/api/posts/${id}`, {
    method: "PUT",
    json: { version: current.version, data: { ...current.data, ...change } },
  });
}

export function listPosts(site: Site, query = "", page = 1): Promise<PostPage> {
  const params = new URLSearchParams();
  if (query) params.set("query", query);
  if (page > 1) params.set("page", String(page));
  return call<PostPage>(site, `/api/posts?${params}`);
}

/** Every post's card data, newest first, page after page. */
export async function allPosts(site: Site): Promise<PostSummary[]> {
  const first = await listPosts(site);
  const rest = await Promise.all(Array.from({ length: first.pages - 1 }, (_, index) => listPosts(site, "", index + 2)));
  return [first, ...rest].flatMap((page) => page.posts);
}

/** The stored post with this exact title, if there is one. */
export async function findPost(site: Site, title: string): Promise<PostRecord | undefined> {
  const match = (await listPosts(site, title)).posts.find((post) => post.title === title);
  return match && readPost(site, match.id);
}

/** Stores `count` posts, a few at a time; `make(i)` gives post i's fields (i from 0). */
export async function seedPosts(site: Site, count: number, make: (index: number) => Partial<BlogPost>) {
  const created: PostRecord[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) => start + offset);
    created.push(...(await Promise.all(batch.map((index) => createPost(site, postData(make(index)))))));
  }
  return created;
}
