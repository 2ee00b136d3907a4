import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressResponse, matchesEtag, varyOnEncoding, WHOLE_BODY_LIMIT } from "./encoding.ts";

describe("content negotiation", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.2")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("gzip, deflate, br", "gzip")).toBe("gzip");
    expect(chooseEncoding("br", "gzip")).toBe("identity");
  });

  it("matches If-None-Match weakly, in lists and with *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });

  it("adds Accept-Encoding to Vary once", () => {
    expect(varyOnEncoding(undefined)).toBe("Accept-Encoding");
    expect(varyOnEncoding("Cookie")).toBe("Cookie, Accept-Encoding");
    expect(varyOnEncoding("accept-encoding")).toBe("accept-encoding");
    expect(varyOnEncoding("*")).toBe("*");
  });
});

describe("compressResponse", () => {
  const html = `<!DOCTYPE html><html><body>${"<p>Kelani — Colombo</p>".repeat(200)}</body></html>`;
  const page = (headers: Record<string, string> = {}) =>
    new Response(html, {
      status: 200,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": String(Buffer.byteLength(html)),
        ...headers,
      },
    });
  /** A body that arrives in pieces, with no length declared. */
  const stream = (text: string, type: string, pieces = 7) => {
    const bytes = Buffer.from(text);
    const size = Math.ceil(bytes.length / pieces);
    return new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += size) controller.enqueue(new Uint8Array(bytes.subarray(i, i + size)));
          controller.close();
        },
      }),
      { headers: { "Content-Type": type, ETag: '"v1"' } },
    );
  };

  it("sends a whole page in brotli or gzip, as the client asks, with its length", async () => {
    const br = await compressResponse(page(), "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(Buffer.byteLength(html) / 5);
    expect(brotliDecompressSync(brBytes).toString()).toBe(html);

    const gzip = await compressResponse(page(), "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
  });

  it("reads a streamed JSON answer whole and compresses it, weakening its ETag", async () => {
    const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ i, name: "Kelani" })) });
    const answer = await compressResponse(stream(json, "application/json"), "gzip, br");
    expect(answer.headers.get("content-encoding")).toBe("br");
    expect(answer.headers.get("etag")).toBe('W/"v1"');
    expect(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(json);
  });

  it("streams a body longer than the whole-body limit through gzip, or as it is", async () => {
    const long = "x".repeat(WHOLE_BODY_LIMIT * 2);
    const gzip = await compressResponse(stream(long, "text/csv", 40), "gzip, br");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.has("content-length")).toBe(false);
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(long);

    const plain = await compressResponse(stream(long, "text/csv", 40), "br");
    expect(plain.headers.has("content-encoding")).toBe(false);
    expect(await plain.text()).toBe(long);
  });

  it("sends it as it is to a client that takes no compression, still varying on it", async () => {
    const plain = await compressResponse(page(), undefined);
    expect(plain.headers.has("content-encoding")).toBe(false);
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(html);
  });

  it("leaves event streams, encoded bodies, no-transform, HEAD, small and binary bodies as they are", async () => {
    const events = stream("data: x\n\n".repeat(100), "text/event-stream");
    expect(await compressResponse(events, "br")).toBe(events);
    const encoded = page({ "Content-Encoding": "gzip" });
    expect(await compressResponse(encoded, "br")).toBe(encoded);
    const noTransform = page({ "Cache-Control": "public, no-transform" });
    expect(await compressResponse(noTransform, "br")).toBe(noTransform);
    const head = page();
    expect(await compressResponse(head, "br", "HEAD")).toBe(head);
    const small = new Response("<p>hi</p>", { headers: { "Content-Type": "text/html", "Content-Length": "9" } });
    expect(await compressResponse(small, "br")).toBe(small);
    const image = new Response(new Uint8Array(4096), {
      headers: { "Content-Type": "image/png", "Content-Length": "4096" },
    });
    expect(await compressResponse(image, "br")).toBe(image);
    const busy = await compressResponse(stream("<p>The site is very busy.</p>", "text/html"), "br");
    expect(busy.headers.has("content-encoding")).toBe(false);
    expect(busy.headers.get("content-length")).toBe("29");
  });
});
