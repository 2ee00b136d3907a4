import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { findNginx, startNginx, type RunningNginx } from "../helpers/nginx.ts";
import { expect, gotoLive, startSite, test, TEST_ADMIN, type Site } from "./fixtures.ts";
import { budget } from "../helpers/machine.ts";

// The site behind a real nginx (Debian's package) configured by deploy/nginx.conf,
// with the app trusting one proxy (TRUST_PROXY=1), as docs/operations.md "Behind nginx" describes.
const nginxPath = findNginx();
test.skip(nginxPath.path === undefined, `nginx is needed for this test: ${nginxPath.reason}`);

let site: Site & { close(): Promise<void> };
let nginx: RunningNginx;

test.beforeAll(async () => {
  site = await startSite({ TRUST_PROXY: "1" });
  nginx = await startNginx(nginxPath.path!, site.url);
});

test.afterAll(async () => {
  await nginx?.close();
  await site?.close();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

/** One request through nginx, the body as sent (not decompressed); `localAddress` picks the visitor's address on loopback. */
function request(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
) {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = http.request(
      `${nginx.url}${pathname}`,
      { method: options.method ?? "GET", headers: options.headers, localAddress: options.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

function decode(response: RawResponse): string {
  const encoding = response.headers["content-encoding"];
  const body =
    encoding === "br"
      ? brotliDecompressSync(response.body)
      : encoding === "gzip"
        ? gunzipSync(response.body)
        : encoding === "deflate"
          ? inflateSync(response.body)
          : response.body;
  return body.toString("utf8");
}

test("a page renders through nginx with its content", async ({ page }) => {
  const services = await site.read<{ title: string }>("services");
  const response = await page.goto(`${nginx.url}/services`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["server"]).toMatch(/^nginx/);
  await expect(page.getByRole("heading", { level: 1, name: services.data.title })).toBeVisible();
});

test("a save reaches an open page through nginx without a reload", async ({ page }) => {
  await gotoLive(page, `${nginx.url}/services`);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const services = await site.read<{ title: string }>("services");

  await site.save("services", { ...services.data, title: "Services, live through nginx" });

  await expect(page.getByRole("heading", { level: 1, name: "Services, live through nginx" })).toBeVisible({
    timeout: budget(5_000),
  });
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test("a cached page is revalidated with 304 through nginx", async () => {
  const headers = { Accept: "text/html", "Accept-Encoding": "gzip, deflate, br" };
  await request("/about", { headers });
  const cached = await request("/about", { headers });
  const etag = cached.headers["etag"];
  expect(etag, "the app's page cache sends an ETag (issue 10), and nginx passes it on").toBeTruthy();
  const revalidated = await request("/about", { headers: { ...headers, "If-None-Match": etag! } });
  expect(revalidated.status).toBe(304);
  expect(revalidated.body.length).toBe(0);
});

test("throttles count the visitor's address that nginx forwards, not nginx's own, and a forged X-Forwarded-For does not escape them", async () => {
  // nginx appends the address it saw ($proxy_add_x_forwarded_for); on loopback two
  // visitors can come from 127.0.0.3 and 127.0.0.4, while nginx reaches the app from 127.0.0.1.
  const signIn = (localAddress: string, headers: Record<string, string> = {}) =>
    request("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: "not the password" }),
      localAddress,
    });
  const counted = async (address: string) =>
    (await site.server.deps.store.rateCounters.peek(`login:ip:${address}`))?.count ?? 0;

  for (let i = 0; i < 10; i++) expect((await signIn("127.0.0.3")).status).toBe(401);
  expect((await signIn("127.0.0.3")).status).toBe(429);
  // A different visitor is not blocked by the first one's failures…
  expect((await signIn("127.0.0.4")).status).toBe(401);
  // …and the first cannot pass for someone else: nginx's hop is the one the app trusts.
  expect((await signIn("127.0.0.3", { "X-Forwarded-For": "198.51.100.7" })).status).toBe(429);

  expect(await counted("127.0.0.3")).toBe(10);
  expect(await counted("127.0.0.4")).toBe(1);
  expect(await counted("127.0.0.1")).toBe(0);
  expect(await counted("198.51.100.7")).toBe(0);
});

test("responses are compressed once: one Content-Encoding, and the body decodes", async () => {
  const home = await request("/", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
  const asset =
    /<script[^>]+type="module"[^>]*>[\s\S]*?import\("([^"]+)"\)|<link rel="modulepreload" href="([^"]+)"/.exec(
      decode(home),
    );
  const paths = [
    "/",
    "/services",
    "/services.data",
    "/api/content/services",
    asset?.[1] ?? asset?.[2] ?? "/favicon.svg",
  ];
  for (const encoding of ["gzip", "br", "gzip, deflate, br"]) {
    for (const pathname of paths) {
      const response = await request(pathname, { headers: { "Accept-Encoding": encoding } });
      expect(response.status, pathname).toBe(200);
      const encodings = response.rawHeaders.filter(
        (_, i) => i % 2 === 0 && response.rawHeaders[i]!.toLowerCase() === "content-encoding",
      );
      expect(encodings.length, `${pathname} (${encoding}): Content-Encoding headers`).toBeLessThanOrEqual(1);
      const text = decode(response);
      if (pathname === "/" || pathname === "/services") expect(text).toContain("</html>");
      if (pathname.startsWith("/api/")) expect(() => JSON.parse(text)).not.toThrow();
    }
  }
});
