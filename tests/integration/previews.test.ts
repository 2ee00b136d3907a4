import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultServices } from "#content/defaults.ts";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import type { LiveEvent } from "#content/live-events.ts";
import { adminFetch } from "../helpers/admin-server.ts";
import { signIn, startApiServer, tempDir, type TestServer } from "../helpers/api-server.ts";
import { ensureBuiltOnce, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";

// Previews of unsaved edits (issue 13 item 3): storing a draft (PUT /api/previews/:token) on the
// API server, and the pages that show it on the production build; on SQLite and
// (./postgres/previews.pg.test.ts) PostgreSQL.

const BAR = "Preview — unsaved changes, not public";
const EXPIRED = "Preview expired — this is the saved page";
const NOINDEX = '<meta name="robots" content="noindex"/>';
/** The address of one of the built-in posts. */
const BUILT_IN_POST = "why-sri-lankan-smes-need-a-brand-strategy-before-a-logo";

let api: TestServer;
let apiCookie: string;
let site: BuiltServer;
let siteDir: string;
let siteCookie: string;

beforeAll(async () => {
  api = await startApiServer();
  apiCookie = await signIn(api.url);
  await ensureBuiltOnce();
  siteDir = tempDir("agency-previews-");
  site = await startBuiltServer(siteDir);
  siteCookie = await signIn(site.url);
}, 300_000);
afterAll(async () => {
  await api?.close();
  await site?.stop();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

let tokens = 0;
/** A fresh token, as the admin's browser makes them. */
const newToken = () => `test-token-${String(++tokens).padStart(6, "0")}`;

const putPreview = (server: { url: string }, cookie: string, token: string, body: unknown) =>
  adminFetch(server, cookie)(`/api/previews/${token}`, {
    method: "PUT",
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const servicesTitled = (title: string) => ({ ...structuredClone(defaultServices), title });

const post = (title: string, extra: Partial<BlogPost> = {}): BlogPost => ({
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

/** What the API server holds under `token` (undefined: nothing). */
const stored = async (token: string) => (await api.deps.store.previews.get(token))?.data;

describe("PUT /api/previews/:token", () => {
  it("stores the draft and answers when it expires", async () => {
    const token = newToken();
    const response = await putPreview(api, apiCookie, token, { documents: { services: servicesTitled("Draft") } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; expiresAt: string };
    expect(body.token).toBe(token);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(await stored(token)).toEqual({ documents: { services: servicesTitled("Draft") } });
  });

  it("refuses the signed-out (401) and other sites (403), storing nothing", async () => {
    const token = newToken();
    const body = JSON.stringify({ documents: { services: servicesTitled("Intruder") } });
    const anonymous = await fetch(`${api.url}/api/previews/${token}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body,
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Please sign in to the admin panel." });
    const foreign = await adminFetch(api, apiCookie)(`/api/previews/${token}`, {
      method: "PUT",
      body,
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error).toBe("This request came from another site and was refused.");
    expect(await stored(token)).toBeUndefined();
  });

  it("refuses a malformed token (400), storing nothing", async () => {
    const draft = { documents: { services: servicesTitled("Draft") } };
    for (const token of ["short", "a".repeat(65), "has%20a%20space%20in%20it", "dots.are.not.allowed.here"]) {
      const response = await putPreview(api, apiCookie, token, draft);
      expect(response.status, token).toBe(400);
      expect(await response.json()).toEqual({ error: "A preview token is 16 to 64 letters, digits, - or _." });
      expect(await stored(decodeURIComponent(token))).toBeUndefined();
    }
  });

  it("refuses an invalid draft (400, naming the problem), keeping the draft stored before, not a part of the new one", async () => {
    const token = newToken();
    const kept = { documents: { services: servicesTitled("Kept") } };
    expect((await putPreview(api, apiCookie, token, kept)).status).toBe(200);
    const refused: [unknown, string | RegExp][] = [
      [{ documents: { services: servicesTitled("Changed"), nowhere: {} } }, 'There is no content section "nowhere".'],
      // A prototype key is no document (zod's records drop it): nothing is left to preview.
      ['{"documents":{"__proto__":{"title":"x"}}}', "Send the documents, the post or the page to preview."],
      [{ documents: { services: servicesTitled("Changed"), about: { title: "About" } } }, /^About: /],
      [{ documents: { services: { ...servicesTitled("Changed"), colour: "red" } } }, "Services: Unknown field: colour"],
      [{ documents: { services: servicesTitled("x".repeat(5_000)) } }, /^Services: title: /],
      [{ post: { data: { ...post("A post"), date: "yesterday" } } }, /^Post: date: /],
      [{ post: { id: "no spaces please", data: post("A post") } }, "post.id: A post id is letters, digits, - and _."],
      [{}, "Send the documents, the post or the page to preview."],
      [{ documents: {} }, "Send the documents, the post or the page to preview."],
      [{ documents: { services: servicesTitled("Changed") }, version: 3 }, "Unknown field: version"],
      ["{not json", "The request body is not valid JSON."],
    ];
    for (const [body, error] of refused) {
      const response = await putPreview(api, apiCookie, token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error).toMatch(error);
      expect(await stored(token)).toEqual(kept);
    }
    const notJson = await adminFetch(api, apiCookie)(`/api/previews/${token}`, {
      method: "PUT",
      body: "title=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    expect(await stored(token)).toEqual(kept);
  });

  it("cleans HTML exactly as a save does", async () => {
    const token = newToken();
    const current = (await (await fetch(`${api.url}/api/content/privacy-policy`)).json()) as {
      version: number;
      data: { content: string };
    };
    const data = {
      ...current.data,
      content:
        '<h2>Data</h2><p onclick="steal()">We keep <b>little</b>.</p><script>alert(1)</script><img src=x onerror=alert(2)>',
    };
    expect((await putPreview(api, apiCookie, token, { documents: { "privacy-policy": data } })).status).toBe(200);
    const saved = await adminFetch(api, apiCookie)("/api/content/privacy-policy", {
      method: "PUT",
      body: JSON.stringify({ version: current.version, data }),
    });
    expect(saved.status).toBe(200);
    const savedContent = ((await saved.json()) as { data: { content: string } }).data.content;
    const previewed = (await stored(token)) as { documents: { "privacy-policy": { content: string } } };
    expect(previewed.documents["privacy-policy"].content).toBe(savedContent);
    expect(savedContent).toContain("<h2>Data</h2>");
    expect(savedContent).not.toMatch(/<script|onerror|onclick/);
  });

  it("lets only the admin who stored a draft change it", async () => {
    const token = newToken();
    const kept = { documents: { services: servicesTitled("Mine") } };
    expect((await putPreview(api, apiCookie, token, kept)).status).toBe(200);
    const second = { email: "second@example.lk", password: "another long password" };
    const created = await adminFetch(api, apiCookie)("/api/accounts", { method: "POST", body: JSON.stringify(second) });
    expect(created.status).toBe(201);
    const secondCookie = await signIn(api.url, second);
    const response = await putPreview(api, secondCookie, token, { documents: { services: servicesTitled("Theirs") } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "This preview belongs to another administrator." });
    expect(await stored(token)).toEqual(kept);
  });

  it("tells an open preview where a post draft is read, so a preview left at the old address is moved, not refreshed", async () => {
    const heard: LiveEvent[] = [];
    const unsubscribe = api.deps.bus.subscribe((event) => heard.push(event));
    try {
      const created = await adminFetch(api, apiCookie)("/api/posts", {
        method: "POST",
        body: JSON.stringify({ data: post("Monsoon Plans") }),
      });
      expect(created.status).toBe(201);
      const record = (await created.json()) as PostRecord;
      // A second post of the same title gets a numbered address, which its draft keeps while the title does.
      const twin = (await (
        await adminFetch(api, apiCookie)("/api/posts", {
          method: "POST",
          body: JSON.stringify({ data: post("Monsoon Plans") }),
        })
      ).json()) as PostRecord;
      expect(twin.slug).toBe("monsoon-plans-2");

      const token = newToken();
      const drafts = [
        { post: { data: post("A Post Never Saved") } },
        { post: { id: twin.id, data: { ...twin.data, content: "Only the words change." } } },
        { post: { id: record.id, data: { ...record.data, title: "Monsoon Playbook" } } },
        { documents: { services: servicesTitled("No post in it") } },
      ];
      for (const draft of drafts) expect((await putPreview(api, apiCookie, token, draft)).status).toBe(200);
      expect(heard.filter((event) => event.type === "preview")).toEqual([
        { type: "preview", token, path: "/blog/a-post-never-saved" },
        { type: "preview", token, path: "/blog/monsoon-plans-2" },
        { type: "preview", token, path: "/blog/monsoon-playbook" },
        { type: "preview", token },
      ]);
    } finally {
      unsubscribe();
    }
  });

  it("tells an open Sinhala preview of a post its address in Sinhala, the renamed one included", async () => {
    const heard: LiveEvent[] = [];
    const unsubscribe = api.deps.bus.subscribe((event) => heard.push(event));
    try {
      const send = adminFetch(api, apiCookie);
      const record = (await (
        await send("/api/posts", { method: "POST", body: JSON.stringify({ data: post("Rains In Kandy") }) })
      ).json()) as PostRecord;
      const sinhala = { ...record.data, title: "මහනුවර වැසි", content: "සිංහල කෙටුම්පත." };
      const token = newToken();
      // Not translated yet: the English address, in Sinhala.
      expect(
        (await putPreview(api, apiCookie, token, { locale: "si", post: { id: record.id, data: sinhala } })).status,
      ).toBe(200);
      const renamed = await send(`/api/posts/${record.id}?locale=si`, {
        method: "PUT",
        body: JSON.stringify({ version: 0, data: { ...sinhala, status: "draft", slug: "mahanuwara-wasi" } }),
      });
      expect(renamed.status).toBe(200);
      expect(
        (await putPreview(api, apiCookie, token, { locale: "si", post: { id: record.id, data: sinhala } })).status,
      ).toBe(200);
      expect(heard.filter((event) => event.type === "preview")).toEqual([
        { type: "preview", token, path: "/si/blog/rains-in-kandy" },
        { type: "preview", token, path: "/si/blog/mahanuwara-wasi" },
      ]);
    } finally {
      unsubscribe();
    }
  });

  it("tells admins' event streams, not visitors'", async () => {
    const controller = new AbortController();
    const listen = async (headers: Record<string, string>) => {
      const reader = (await fetch(`${api.url}/api/events`, { headers, signal: controller.signal })).body!.getReader();
      const stream = { text: "" };
      const until = async (needle: string) => {
        while (!stream.text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended before "${needle}"`);
          stream.text += new TextDecoder().decode(value);
        }
        return stream.text;
      };
      return { stream, until };
    };
    try {
      const admin = await listen({ Cookie: apiCookie });
      const visitor = await listen({});
      await admin.until("event: ready");
      await visitor.until("event: ready");
      const token = newToken();
      expect(
        (await putPreview(api, apiCookie, token, { documents: { services: servicesTitled("Live") } })).status,
      ).toBe(200);
      // A save after it: events arrive in order, so a visitor's stream would have had the preview's first.
      const home = (await (await fetch(`${api.url}/api/content/home`)).json()) as { version: number; data: unknown };
      const saved = await adminFetch(api, apiCookie)("/api/content/home", {
        method: "PUT",
        body: JSON.stringify({ version: home.version, data: home.data }),
      });
      expect(saved.status).toBe(200);
      const preview = `event: preview\ndata: {"token":"${token}"}\n\n`;
      const content = `event: content\ndata: {"key":"home","version":${home.version + 1}`;
      expect(await admin.until(content)).toContain(preview + content);
      expect(await visitor.until(content)).not.toContain("event: preview");
    } finally {
      controller.abort();
    }
  });
});

describe("a page with ?preview=<token>", () => {
  const page = (path: string, cookie?: string) =>
    fetch(`${site.url}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

  const expectPreview = (response: Response, html: string) => {
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(html).toContain(NOINDEX);
  };

  const expectPublic = (response: Response, html: string) => {
    expect(response.headers.get("x-robots-tag")).toBeNull();
    expect(html).not.toContain(NOINDEX);
    expect(html).not.toContain(BAR);
    expect(html).not.toContain(EXPIRED);
  };

  it("shows a signed-in admin the page with the draft, marked and kept by nobody; a visitor the cached public page", async () => {
    // A visitor's /services is in the page cache before the preview is stored, and stays there.
    expect((await page("/services")).headers.get("x-page-cache")).toMatch(/hit|miss/);
    const token = newToken();
    const stored = await putPreview(site, siteCookie, token, {
      documents: { services: servicesTitled("Draft Services") },
    });
    expect(stored.status).toBe(200);

    const preview = await page(`/services?preview=${token}`, siteCookie);
    const html = await preview.text();
    expectPreview(preview, html);
    expect(html).toContain("<h1");
    expect(html).toMatch(/<h1[^>]*>Draft Services<\/h1>/);
    expect(html).toContain(BAR);
    expect(preview.headers.get("x-page-cache")).toBeNull();

    // Its route data, as the open preview reloads it.
    const data = await page(`/services.data?preview=${token}`, siteCookie);
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    expect(data.headers.get("x-robots-tag")).toBe("noindex");
    expect(await data.text()).toContain("Draft Services");

    // The same address for a visitor: the saved page, from the cache.
    const visitor = await page(`/services?preview=${token}`);
    const visitorHtml = await visitor.text();
    expect(visitor.headers.get("x-page-cache")).toBe("hit");
    expect(visitor.headers.get("cache-control")).toBe("public, no-cache");
    expect(visitorHtml).toMatch(/<h1[^>]*>Our Services<\/h1>/);
    expectPublic(visitor, visitorHtml);
    const visitorData = await page(`/services.data?preview=${token}`);
    expect(await visitorData.text()).not.toContain("Draft Services");

    // The admin without the parameter: the saved page, theirs alone.
    const saved = await page("/services", siteCookie);
    const savedHtml = await saved.text();
    expect(saved.headers.get("cache-control")).toBe("private, no-cache");
    expect(savedHtml).toMatch(/<h1[^>]*>Our Services<\/h1>/);
    expectPublic(saved, savedHtml);
  });

  it("shows a draft of one language's texts on that language's pages only", async () => {
    const token = newToken();
    const title = "සේවා ශ්\u200Dරී කෙටුම්පත";
    const stored = await putPreview(site, siteCookie, token, {
      locale: "si",
      documents: { services: servicesTitled(title) },
    });
    expect(stored.status).toBe(200);
    const sinhala = await (await page(`/si/services?preview=${token}`, siteCookie)).text();
    expect(sinhala).toContain(`>${title}</h1>`);
    expect(sinhala).toContain('<html lang="si"');
    for (const other of ["/services", "/ta/services"]) {
      const html = await (await page(`${other}?preview=${token}`, siteCookie)).text();
      expect(html, other).not.toContain(title);
    }
    const refused = await putPreview(site, siteCookie, newToken(), {
      locale: "fr",
      documents: { services: servicesTitled("x") },
    });
    expect(refused.status).toBe(400);
  });

  it("shows the saved page, saying the preview expired, for a token with no draft", async () => {
    for (const token of [newToken(), "x"]) {
      const response = await page(`/services?preview=${token}`, siteCookie);
      const html = await response.text();
      expectPreview(response, html);
      expect(html).toMatch(/<h1[^>]*>Our Services<\/h1>/);
      expect(html).toContain(EXPIRED);
    }
  });

  it("shows a never-saved post at its address, to the admin only", async () => {
    const token = newToken();
    const draft = post("A Post Nobody Saw Yet");
    expect((await putPreview(site, siteCookie, token, { post: { data: draft } })).status).toBe(200);
    const response = await page(`/blog/a-post-nobody-saw-yet?preview=${token}`, siteCookie);
    const html = await response.text();
    expectPreview(response, html);
    expect(html).toMatch(/<h1[^>]*>A Post Nobody Saw Yet<\/h1>/);
    expect(html).toContain("Words about A Post Nobody Saw Yet.");
    expect(html).toContain(BAR);
    expect((await page(`/blog/a-post-nobody-saw-yet?preview=${token}`)).status).toBe(404);
    expect((await page("/blog/a-post-nobody-saw-yet", siteCookie)).status).toBe(404);
    // Another post's address is that post, not the draft.
    const other = await page(`/blog/${BUILT_IN_POST}?preview=${token}`, siteCookie);
    expect(other.status).toBe(200);
    expect(await other.text()).not.toContain("A Post Nobody Saw Yet");
  });

  it("shows a stored post's draft at its address and at the one its new title gives", async () => {
    const created = await adminFetch(site, siteCookie)("/api/posts", {
      method: "POST",
      body: JSON.stringify({ data: post("Before The Rename") }),
    });
    expect(created.status).toBe(201);
    const record = (await created.json()) as PostRecord;
    const token = newToken();
    const draft = { ...record.data, title: "After The Rename", content: "Rewritten in the draft." };
    expect((await putPreview(site, siteCookie, token, { post: { id: record.id, data: draft } })).status).toBe(200);
    for (const slug of [record.slug, "after-the-rename"]) {
      const response = await page(`/blog/${slug}?preview=${token}`, siteCookie);
      const html = await response.text();
      expectPreview(response, html);
      expect(html).toMatch(/<h1[^>]*>After The Rename<\/h1>/);
      expect(html).toContain("Rewritten in the draft.");
    }
    const visitor = await page(`/blog/${record.slug}?preview=${token}`);
    const visitorHtml = await visitor.text();
    expect(visitorHtml).toMatch(/<h1[^>]*>Before The Rename<\/h1>/);
    expectPublic(visitor, visitorHtml);
  });

  it("shows a post's Sinhala draft at its Sinhala address (renamed, unpublished), not on the English page", async () => {
    const send = adminFetch(site, siteCookie);
    const record = (await (
      await send("/api/posts", { method: "POST", body: JSON.stringify({ data: post("Galle Fort Walks") }) })
    ).json()) as PostRecord;
    const title = "ගාලු කොටුවේ ඇවිදීම";
    const saved = await send(`/api/posts/${record.id}?locale=si`, {
      method: "PUT",
      body: JSON.stringify({ version: 0, data: { ...record.data, title, status: "draft", slug: "galu-kotuwa" } }),
    });
    expect(saved.status).toBe(200);
    const token = newToken();
    const draft = { ...record.data, title, content: "ශ්\u200Dරී ලංකාවේ කෙටුම්පතක්." };
    expect(
      (await putPreview(site, siteCookie, token, { locale: "si", post: { id: record.id, data: draft } })).status,
    ).toBe(200);
    const response = await page(`/si/blog/galu-kotuwa?preview=${token}`, siteCookie);
    const html = await response.text();
    expectPreview(response, html);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toContain("ශ්\u200Dරී ලංකාවේ කෙටුම්පතක්.");
    // The English page is the English post; a visitor finds no Sinhala post (a draft).
    const english = await (await page(`/blog/${record.slug}?preview=${token}`, siteCookie)).text();
    expect(english).not.toContain(title);
    expect((await page("/si/blog/galu-kotuwa")).status).toBe(404);
  });

  it("shows a never-saved team page's draft at its address, as the variant asked for, in its language only", async () => {
    const landing = (heading: string, headingB: string) => ({
      path: "/offers/preview-only",
      title: "Preview only",
      description: "Not saved.",
      image: "",
      noindex: false,
      status: "draft",
      blocks: [{ type: "hero", heading, text: "A" }],
      variants: [{ name: "B", blocks: [{ type: "hero", heading: headingB, text: "B" }] }],
    });
    const token = newToken();
    const draft = landing("Leads in a week", "Customers in a month");
    expect((await putPreview(site, siteCookie, token, { page: { data: draft } })).status).toBe(200);
    const a = await page(`/offers/preview-only?preview=${token}`, siteCookie);
    const aHtml = await a.text();
    expectPreview(a, aHtml);
    expect(aHtml).toMatch(/<h1[^>]*>Leads in a week<\/h1>/);
    expect(aHtml).toContain(BAR);
    expect((await page(`/offers/preview-only?preview=${token}`)).status).toBe(404);
    expect((await page("/offers/preview-only", siteCookie)).status).toBe(404);

    expect((await putPreview(site, siteCookie, token, { page: { variant: "B", data: draft } })).status).toBe(200);
    const b = await (await page(`/offers/preview-only?preview=${token}`, siteCookie)).text();
    expect(b).toMatch(/<h1[^>]*>Customers in a month<\/h1>/);

    // A Sinhala draft shows at the Sinhala address only (the ZWJ of ව්‍යාපාර kept).
    const sinhala = "ව්\u200Dයාපාර සඳහා සතියකින් ගනුදෙනුකරුවන්";
    const si = newToken();
    expect(
      (await putPreview(site, siteCookie, si, { locale: "si", page: { data: landing(sinhala, "B") } })).status,
    ).toBe(200);
    expect(await (await page(`/si/offers/preview-only?preview=${si}`, siteCookie)).text()).toContain(
      `>${sinhala}</h1>`,
    );
    expect((await page(`/offers/preview-only?preview=${si}`, siteCookie)).status).toBe(404);

    // A page the schema refuses is refused whole (400), the draft stored before stays.
    const refused = await putPreview(site, siteCookie, token, { page: { data: { ...draft, path: "/admin" } } });
    expect(refused.status).toBe(400);
    expect(await (await page(`/offers/preview-only?preview=${token}`, siteCookie)).text()).toContain(
      "Customers in a month",
    );
  });

  it("shows the AI settings' draft greeting in Home's welcome popup", async () => {
    const token = newToken();
    const current = (await (await adminFetch(site, siteCookie)("/api/ai-settings")).json()) as { data: object };
    const data = { ...current.data, greeting: "Ayubowan! This greeting is only a draft." };
    expect((await putPreview(site, siteCookie, token, { documents: { "ai-settings": data } })).status).toBe(200);
    const response = await page(`/?preview=${token}`, siteCookie);
    const html = await response.text();
    expectPreview(response, html);
    expect(html).toContain("Ayubowan! This greeting is only a draft.");
    expect(await (await page(`/?preview=${token}`)).text()).not.toContain("only a draft");
  });

  it("never runs the script an admin pasted into a legal page", async () => {
    const token = newToken();
    const current = (await (await fetch(`${site.url}/api/content/terms-conditions`)).json()) as {
      data: { content: string };
    };
    const data = { ...current.data, content: "<p>Fair terms.</p><script>alert('preview')</script>" };
    expect((await putPreview(site, siteCookie, token, { documents: { "terms-conditions": data } })).status).toBe(200);
    const response = await page(`/terms-conditions?preview=${token}`, siteCookie);
    const html = await response.text();
    expectPreview(response, html);
    expect(html).toContain("Fair terms.");
    expect(html).not.toContain("alert('preview')");
  });
});
