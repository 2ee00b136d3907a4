import http from "node:http";
import { gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures.ts";

const nonceOf = (csp: string | string[] | null | undefined) => /'nonce-([^']+)'/.exec(String(csp ?? ""))?.[1];

/** The raw bytes of a response, not decompressed. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("a cached page's gzip body carries this response's nonce, as one valid gzip stream", async ({ site }) => {
  const first = await fetch(`${site.url}/about`);
  const plain = (await first.text()).replaceAll(nonceOf(first.headers.get("content-security-policy"))!, "N");
  for (let i = 0; i < 2; i++) {
    const { headers, body } = await rawGet(`${site.url}/about`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(headers["x-page-cache"]).toBe("hit");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(Number(headers["content-length"])).toBe(body.length);
    const nonce = nonceOf(headers["content-security-policy"])!;
    const html = gunzipSync(body).toString("utf8");
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html.replaceAll(nonce, "N")).toBe(plain);
  }
  // Clients that do not take gzip get the page as before (deflate or plain), with their own nonce too.
  for (const encoding of ["deflate", "identity"]) {
    const response = await fetch(`${site.url}/about`, { headers: { "Accept-Encoding": encoding } });
    expect(response.headers.get("x-page-cache")).toBe("hit");
    expect(response.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
    const nonce = nonceOf(response.headers.get("content-security-policy"))!;
    expect((await response.text()).replaceAll(nonce, "N")).toBe(plain);
  }
});

test("Chromium renders and hydrates a cached page sent as a stitched gzip body", async ({ page, site }) => {
  await fetch(`${site.url}/services`); // fills the cache
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const w = window as unknown as { cspViolations?: string[] };
      (w.cspViolations ??= []).push(event.violatedDirective);
    });
  });
  const response = await page.goto(`${site.url}/services`);
  const headers = await response!.allHeaders();
  expect(headers["x-page-cache"]).toBe("hit");
  expect(headers["content-encoding"]).toBe("gzip");
  const html = await response!.text();
  expect(html.trimEnd()).toMatch(/<\/html>$/i);
  expect(html).toContain(`nonce="${nonceOf(headers["content-security-policy"])}"`);
  // The nonce-carrying inline scripts ran and the app hydrated.
  await expect.poll(() => page.evaluate(() => typeof (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter)).toBe("object");
  expect(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).toEqual([]);
});
