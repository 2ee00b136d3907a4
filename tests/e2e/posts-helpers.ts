import type { PostPage, PostRecord } from "#content/posts.ts";
import type { BlogPostInput as BlogPost } from "#content/schemas.ts";
import type { Site } from "./fixtures.ts";

/** The posts API as the test administrator (server/posts/routes.ts). */
export async function callPosts<T>(site: Site, path: string, method = "GET", body?: unknown): Promise<T> {
  const response = await fetch(`${site.url}/api/posts${path}`, {
    method,
    headers: { "Content-Type": "application/json", Cookie: await site.adminCookie() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} /api/posts${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every stored post, newest first (cards only). */
export async function listPosts(site: Site, query = ""): Promise<PostPage["posts"]> {
  const all: PostPage["posts"] = [];
  for (let page = 1; ; page++) {
    const list = await callPosts<PostPage>(site, `?page=${page}&query=${encodeURIComponent(query)}`);
    all.push(...list.posts);
    if (page >= list.pages) return all;
  }
}

export const readPost = (site: Site, id: string) => callPosts<PostRecord>(site, `/${id}`);

export const createPost = (site: Site, data: BlogPost) => callPosts<PostRecord>(site, "", "POST", { data });

/** The one stored post with this title. */
export async function findPost(site: Site, title: string): Promise<PostRecord> {
  const matches = (await listPosts(site, title)).filter((post) => post.title === title);
  if (matches.length !== 1) throw new Error(`${matches.length} posts titled "${title}"`);
  return readPost(site, matches[0]!.id);
}

/** Saves changes to a post over its current version. */
export async function updatePost(site: Site, id: string, patch: Partial<BlogPost>): Promise<PostRecord> {
  const current = await readPost(site, id);
  return callPosts<PostRecord>(site, `/${id}`, "PUT", {
    version: current.version,
    data: { ...current.data, ...patch },
  });
}

/** Makes the blog hold exactly `posts` (created in this order; everything else deleted). */
export async function replacePosts(site: Site, posts: readonly BlogPost[]): Promise<PostRecord[]> {
  for (const post of await listPosts(site)) await callPosts(site, `/${post.id}`, "DELETE");
  const created: PostRecord[] = [];
  for (const post of posts) created.push(await createPost(site, post));
  return created;
}

/** One page of cards as the admin's Blog tab reads it (24 a page, newest first). */
export const listPage = (site: Site, query = "", page = 1) =>
  callPosts<PostPage>(site, `?page=${page}&query=${encodeURIComponent(query)}`);

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

/** Stores `count` posts, ten at a time; `make(i)` gives post i's fields (i from 0). */
export async function seedPosts(site: Site, count: number, make: (index: number) => Partial<BlogPost>) {
  const created: PostRecord[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) => start + offset);
    created.push(...(await Promise.all(batch.map((index) => createPost(site, postData(make(index)))))));
  }
  return created;
}
