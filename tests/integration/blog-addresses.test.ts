import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBlog } from "#content/defaults.ts";
import type { BlogContent } from "#content/schemas.ts";
import { signIn, startApiServer, type TestServer } from "../helpers/api-server.ts";

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startApiServer();
  cookie = await signIn(server.url);
});
afterAll(() => server.close());

interface Stored {
  version: number;
  data: BlogContent;
}

const getBlog = async () => (await (await fetch(`${server.url}/api/content/blog`)).json()) as Stored;
const put = (version: number, data: unknown) =>
  fetch(`${server.url}/api/content/blog`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ version, data }),
  });

describe("blog post identity and former addresses", () => {
  it("gives each new post an id, and a renamed post keeps its old address", async () => {
    const start = await getBlog();
    const fresh = { ...defaultBlog.posts[0]!, title: "A Brand New Post", placementId: 9 };
    delete (fresh as { id?: string }).id;
    const first = await put(start.version, { ...start.data, posts: [...start.data.posts, fresh] });
    expect(first.status).toBe(200);
    const saved = (await first.json()) as Stored;
    const created = saved.data.posts.at(-1)!;
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    // Posts that had ids keep them.
    expect(saved.data.posts.slice(0, -1).map((p) => p.id)).toEqual(start.data.posts.map((p) => p.id));

    const renamed = saved.data.posts.map((p) => (p.id === created.id ? { ...p, title: "A Better Title" } : p));
    const second = (await (await put(saved.version, { ...saved.data, posts: renamed })).json()) as Stored;
    const after = second.data.posts.find((p) => p.id === created.id)!;
    expect(after).toMatchObject({ title: "A Better Title", formerSlugs: ["a-brand-new-post"] });
    expect(await getBlog()).toEqual(second);
  });

  it("renaming a built-in default post in the first save keeps its address too", async () => {
    const other = await startApiServer();
    try {
      const login = await signIn(other.url);
      const start = (await (await fetch(`${other.url}/api/content/blog`)).json()) as Stored;
      expect(start.version).toBe(0);
      const posts = start.data.posts.map((p, i) => (i === 0 ? { ...p, title: "Brand Strategy First" } : p));
      const response = await fetch(`${other.url}/api/content/blog`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: login },
        body: JSON.stringify({ version: 0, data: { ...start.data, posts } }),
      });
      const saved = (await response.json()) as Stored;
      expect(saved.data.posts[0]!.formerSlugs).toEqual(["why-sri-lankan-smes-need-a-brand-strategy-before-a-logo"]);
    } finally {
      await other.close();
    }
  });

  it.each([
    ["an id with spaces", { id: "not ok" }, /posts\.0\.id/],
    ["a former address with capitals", { formerSlugs: ["Old-Name"] }, /posts\.0\.formerSlugs\.0/],
    [
      "too many former addresses",
      { formerSlugs: Array.from({ length: 21 }, (_, i) => `old-${i}`) },
      /posts\.0\.formerSlugs/,
    ],
  ])("refuses %s and changes nothing", async (_name, extra, message) => {
    const before = await getBlog();
    const posts = before.data.posts.map((p, i) => (i === 0 ? { ...p, ...extra } : p));
    const response = await put(before.version, { ...before.data, posts });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(message);
    expect(await getBlog()).toEqual(before);
  });
});
