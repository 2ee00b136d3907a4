import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures.ts";

/** The raw bytes of a response, not decompressed. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("visitors get cached pages and route data, the same bytes each time, until content is saved", async ({ site }) => {
  const first = await fetch(`${site.url}/services`);
  const html = await first.text();
  expect(first.headers.get("x-page-cache")).toBe("miss");
  // No per-response nonce: the policy lists the page's own inline scripts by hash.
  const csp = first.headers.get("content-security-policy")!;
  expect(csp).not.toContain("nonce");
  expect(html).not.toContain("nonce=");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);

  const second = await fetch(`${site.url}/services?utm_source=newsletter`);
  expect(second.headers.get("x-page-cache")).toBe("hit");
  expect(second.headers.get("content-security-policy")).toBe(csp);
  expect(await second.text()).toBe(html);

  const data = await fetch(`${site.url}/services.data`);
  expect(data.headers.get("content-type")).toMatch(/^text\/x-script/);
  await data.arrayBuffer();
  expect((await fetch(`${site.url}/services.data?made-up=1`)).headers.get("x-page-cache")).toBe("hit");

  const services = await site.read<{ title: string }>("services");
  await site.save("services", { ...services.data, title: "Services, freshly saved" });
  const third = await fetch(`${site.url}/services`);
  expect(third.headers.get("x-page-cache")).toBe("miss");
  expect(await third.text()).toContain("Services, freshly saved");
  const freshData = await fetch(`${site.url}/services.data`);
  expect(freshData.headers.get("x-page-cache")).toBe("miss");
  expect(await freshData.text()).toContain("Services, freshly saved");
});

test("cached pages come as brotli or gzip, compressed once, and revalidate with 304", async ({ site }) => {
  const plain = await (await fetch(`${site.url}/about`, { headers: { "Accept-Encoding": "identity" } })).text();
  for (const [accept, encoding, decode] of [
    ["gzip, deflate, br", "br", brotliDecompressSync],
    ["gzip, deflate", "gzip", gunzipSync],
  ] as const) {
    const { headers, body } = await rawGet(`${site.url}/about`, { "Accept-Encoding": accept });
    expect(headers["x-page-cache"]).toBe("hit");
    expect(headers["content-encoding"]).toBe(encoding);
    expect(headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(headers["cache-control"]).toBe("public, no-cache");
    expect(Number(headers["content-length"])).toBe(body.length);
    expect(decode(body).toString("utf8")).toBe(plain);
  }
  const { headers } = await rawGet(`${site.url}/about`, {});
  const revalidated = await rawGet(`${site.url}/about`, { "If-None-Match": String(headers.etag) });
  expect(revalidated.status).toBe(304);
  expect(revalidated.body.length).toBe(0);
});

test("signed-in admins and 404s are never served from the cache", async ({ site }) => {
  const cookie = await site.adminCookie();
  await fetch(`${site.url}/about`, { headers: { Cookie: cookie } });
  const again = await fetch(`${site.url}/about`, { headers: { Cookie: cookie } });
  expect(again.headers.get("x-page-cache")).toBeNull();
  expect(again.headers.get("cache-control")).toBe("private, no-cache");
  expect(again.headers.get("content-security-policy")).toMatch(/'nonce-/);

  // An address no page can have is not the cache's at all.
  await fetch(`${site.url}/missing/page/at/depth`);
  const nowhere = await fetch(`${site.url}/missing/page/at/depth`);
  expect(nowhere.status).toBe(404);
  expect(nowhere.headers.get("x-page-cache")).toBeNull();
  // One a team page could have (issue 42) is rendered each time and never kept.
  await fetch(`${site.url}/missing-page`);
  const missing = await fetch(`${site.url}/missing-page`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get("x-page-cache")).not.toBe("hit");
});

test("Chromium hydrates a cached page under its hash policy, and an injected script does not run", async ({
  page,
  site,
  consoleErrors,
}) => {
  await fetch(`${site.url}/services`); // fills the cache
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const w = window as unknown as { cspViolations?: string[] };
      (w.cspViolations ??= []).push(event.violatedDirective);
    });
  });
  const response = await page.goto(`${site.url}/services`);
  expect(response!.headers()["x-page-cache"]).toBe("hit");
  // The hashed inline scripts ran and the app hydrated.
  await expect
    .poll(() =>
      page.evaluate(() => typeof (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter),
    )
    .toBe("object");
  expect(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).toEqual(
    [],
  );

  const injected = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return {
      ran: (window as unknown as { injected?: boolean }).injected === true,
      violations: (window as unknown as { cspViolations: string[] }).cspViolations,
    };
  });
  expect(injected.ran).toBe(false);
  expect(injected.violations).toEqual(["script-src-elem"]);
  // Chromium reports the refused script on the console: that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("violates the following Content Security Policy directive")]);
  consoleErrors.length = 0;
});

test("built assets are served precompressed with long cache headers", async ({ site }) => {
  const html = await (await fetch(site.url)).text();
  const asset = /<link rel="modulepreload" href="([^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const plain = await fetch(`${site.url}${asset}`, { headers: { "Accept-Encoding": "identity" } });
  const source = await plain.text();
  for (const encoding of ["br", "gzip"]) {
    const response = await fetch(`${site.url}${asset}`, { headers: { "Accept-Encoding": encoding } });
    expect(response.headers.get("content-encoding")).toBe(encoding);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(source);
  }
});
