import { expect, test } from "./fixtures.ts";

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test("visitors get cached pages, each with its own CSP nonce, until content is saved", async ({ site }) => {
  const first = await fetch(`${site.url}/services`);
  const firstHtml = await first.text();
  expect(first.headers.get("x-page-cache")).toBeNull();

  const second = await fetch(`${site.url}/services`);
  const secondHtml = await second.text();
  expect(second.headers.get("x-page-cache")).toBe("hit");
  const nonce1 = nonceOf(first.headers.get("content-security-policy"));
  const nonce2 = nonceOf(second.headers.get("content-security-policy"));
  expect(nonce1).toBeTruthy();
  expect(nonce2).not.toBe(nonce1);
  expect(secondHtml).toContain(`nonce="${nonce2}"`);
  expect(secondHtml).not.toContain(nonce1!);
  expect(secondHtml.replaceAll(nonce2!, "N")).toBe(firstHtml.replaceAll(nonce1!, "N"));

  const services = await site.read<{ title: string }>("services");
  await site.save("services", { ...services.data, title: "Services, freshly saved" });
  const third = await fetch(`${site.url}/services`);
  expect(third.headers.get("x-page-cache")).toBeNull();
  expect(await third.text()).toContain("Services, freshly saved");
});

test("signed-in admins and 404s are never served from the cache", async ({ site }) => {
  const cookie = await site.adminCookie();
  await fetch(`${site.url}/about`, { headers: { Cookie: cookie } });
  const again = await fetch(`${site.url}/about`, { headers: { Cookie: cookie } });
  expect(again.headers.get("x-page-cache")).toBeNull();

  await fetch(`${site.url}/missing-page`);
  const missing = await fetch(`${site.url}/missing-page`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get("x-page-cache")).toBeNull();
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
