// The S3 client's requests (./s3-client.ts): signed as AWS documents Signature Version 4, since the
// S3 server the other tests use (s3rver) accepts any V4 signature.
import { createHash, createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type ReceivedS3Request, type TestS3 } from "../../tests/helpers/s3-server.ts";
import { bucketUrl, createS3Client, S3Error } from "./s3-client.ts";

// "Signature Calculations for the Authorization Header: Transferring Payload in a Single Chunk
// (AWS Signature Version 4)", Amazon S3 API Reference: its credentials, date and examples.
const AWS_EXAMPLE = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  service: "s3",
  region: "us-east-1",
  datetime: "20130524T000000Z",
};
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const credential = "Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request";

describe("aws4fetch signs AWS's published Signature Version 4 examples exactly", () => {
  it("GET Object (test.txt, the first 10 bytes)", async () => {
    const signer = new AwsV4Signer({
      ...AWS_EXAMPLE,
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      headers: { Range: "bytes=0-9", "x-amz-content-sha256": EMPTY_SHA256 },
      // AWS's example signs Range, which aws4fetch leaves out unless told.
      allHeaders: true,
    });
    expect(await signer.authHeader()).toBe(
      `AWS4-HMAC-SHA256 ${credential}, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ` +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("PUT Object (test$file.text, with its payload's hash)", async () => {
    const body = "Welcome to Amazon S3.";
    const signer = new AwsV4Signer({
      ...AWS_EXAMPLE,
      method: "PUT",
      url: "https://examplebucket.s3.amazonaws.com/test$file.text",
      headers: {
        Date: "Fri, 24 May 2013 00:00:00 GMT",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
        "x-amz-content-sha256": createHash("sha256").update(body).digest("hex"),
      },
      body,
    });
    expect(signer.headers.get("x-amz-content-sha256")).toBe(
      "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
    );
    expect(await signer.authHeader()).toBe(
      `AWS4-HMAC-SHA256 ${credential}, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ` +
        "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("GET Bucket (List Objects) with a query, as the media storage lists an image's files", async () => {
    const signer = new AwsV4Signer({
      ...AWS_EXAMPLE,
      url: "https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J",
      headers: { "x-amz-content-sha256": EMPTY_SHA256 },
    });
    expect(await signer.authHeader()).toBe(
      `AWS4-HMAC-SHA256 ${credential}, SignedHeaders=host;x-amz-content-sha256;x-amz-date, ` +
        "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
    );
  });
});

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/**
 * A Signature Version 4 check written from AWS's description, apart from aws4fetch: whether
 * `request`, as the store received it, carries a valid signature for `secret`.
 */
function signatureValid(request: ReceivedS3Request, secret: string): boolean {
  const authorization = String(request.headers["authorization"] ?? "");
  const match =
    /^AWS4-HMAC-SHA256 Credential=[^/]+\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return false;
  const [, day, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string];
  const [pathname, search = ""] = request.url.split("?") as [string, string?];
  const query = search
    .split("&")
    .filter(Boolean)
    .map((pair) => pair.split("=").map((part) => rfc3986(decodeURIComponent(part.replace(/\+/g, " ")))))
    .map(([key, value = ""]) => `${key}=${value}`)
    .sort()
    .join("&");
  const names = signedHeaders.split(";");
  const canonical = [
    request.method,
    pathname,
    query,
    ...names.map((name) => `${name}:${String(request.headers[name] ?? "").trim()}`),
    "",
    signedHeaders,
    String(request.headers["x-amz-content-sha256"]),
  ].join("\n");
  const datetime = String(request.headers["x-amz-date"]);
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", datetime, scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), "s3"), "aws4_request");
  return datetime.startsWith(day) && hmac(key, toSign).toString("hex") === signature;
}

describe("the independent signature check", () => {
  it("accepts AWS's GET Object example as sent, and refuses it changed", () => {
    const sent: ReceivedS3Request = {
      method: "GET",
      url: "/test.txt",
      headers: {
        host: "examplebucket.s3.amazonaws.com",
        range: "bytes=0-9",
        "x-amz-content-sha256": EMPTY_SHA256,
        "x-amz-date": "20130524T000000Z",
        authorization: `AWS4-HMAC-SHA256 ${credential},SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41`,
      },
    };
    expect(signatureValid(sent, AWS_EXAMPLE.secretAccessKey)).toBe(true);
    expect(signatureValid({ ...sent, url: "/test.txt2" }, AWS_EXAMPLE.secretAccessKey)).toBe(false);
    expect(
      signatureValid({ ...sent, headers: { ...sent.headers, range: "bytes=0-10" } }, AWS_EXAMPLE.secretAccessKey),
    ).toBe(false);
    expect(signatureValid(sent, "another secret")).toBe(false);
  });
});

describe("the S3 client against an S3 server on 127.0.0.1", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3Server("client-tests");
  });
  afterAll(async () => {
    await s3?.close();
  });
  const config = () => ({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: "ap-south-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });

  it("signs every call validly, each payload by its own hash", async () => {
    s3.requests.length = 0;
    const client = createS3Client(config());
    const bytes = Buffer.from([0, 1, 2, 254, 255]);
    await client.putObject("site/media/a b/one.webp", bytes, { "Content-Type": "image/webp" });
    expect(Buffer.from(await (await client.getObject("site/media/a b/one.webp"))!.arrayBuffer())).toEqual(bytes);
    expect(await client.hasObject("site/media/a b/one.webp")).toBe(true);
    expect(await client.listKeys("site/media/a b/")).toEqual(["site/media/a b/one.webp"]);
    await client.deleteObject("site/media/a b/one.webp");
    expect(await client.hasObject("site/media/a b/one.webp")).toBe(false);

    expect(s3.requests.map((r) => r.method)).toEqual(["PUT", "GET", "HEAD", "GET", "DELETE", "HEAD"]);
    for (const request of s3.requests) {
      expect(signatureValid(request, "S3RVER"), `${request.method} ${request.url}`).toBe(true);
      expect(signatureValid(request, "another secret")).toBe(false);
      expect(request.headers["authorization"]).toContain("/ap-south-1/s3/aws4_request");
    }
    expect(s3.requests[0]!.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(s3.requests[1]!.headers["x-amz-content-sha256"]).toBe(EMPTY_SHA256);
    expect(s3.requests[0]!.url).toBe(`/${s3.bucket}/site/media/a%20b/one.webp`);
  });

  it("signs temporary credentials' session token into every request", async () => {
    s3.requests.length = 0;
    const sessionToken = "FwoGZXIvYXdzEBYaDExampleSessionToken/+==";
    const client = createS3Client({ ...config(), sessionToken });
    await client.putObject("site/media/t/one.webp", Buffer.from("x"), { "Content-Type": "image/webp" });
    expect(await client.hasObject("site/media/t/one.webp")).toBe(true);
    await client.checkBucket("site/");
    await client.deleteObject("site/media/t/one.webp");

    expect(s3.requests).toHaveLength(4);
    for (const request of s3.requests) {
      expect(request.headers["x-amz-security-token"], `${request.method} ${request.url}`).toBe(sessionToken);
      const signed = /SignedHeaders=([a-z0-9;-]+)/.exec(String(request.headers["authorization"]))![1]!.split(";");
      expect(signed).toContain("x-amz-security-token");
      expect(signatureValid(request, "S3RVER")).toBe(true);
      // Another token on the way would not match the signature.
      const swapped = { ...request.headers, "x-amz-security-token": "another token" };
      expect(signatureValid({ ...request, headers: swapped }, "S3RVER")).toBe(false);
    }
    // Without one, no such header is sent.
    s3.requests.length = 0;
    await createS3Client(config()).checkBucket("");
    expect(s3.requests[0]!.headers).not.toHaveProperty("x-amz-security-token");
  });

  it("checks the bucket with one ListObjectsV2 of at most one key under the prefix", async () => {
    s3.requests.length = 0;
    await createS3Client(config()).checkBucket("agency/");
    expect(s3.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /${s3.bucket}/?list-type=2&max-keys=1&prefix=agency%2F`,
    ]);
    const error = await createS3Client({ ...config(), bucket: "no-such-bucket" })
      .checkBucket("")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3Error);
    expect(error).toMatchObject({ status: 404, code: "NoSuchBucket" });
    expect((error as S3Error).message).toMatch(
      /^the S3 bucket "no-such-bucket" at 127\.0\.0\.1:\d+ refused to list its keys: HTTP 404: NoSuchBucket/,
    );
  });

  it("lists page after page", async () => {
    // s3rver cannot cut a listing into pages on OpenSSL 3 (its tokens use DES): a store that
    // answers ListObjectsV2 two keys at a time, as S3 does past 1,000, from `start-after` on.
    const keys = ["p/1.webp", "p/2.webp", "p/3.webp", "p/4.webp", "p/5.webp"];
    const paging = createServer((req, res) => {
      const query = new URL(req.url!, "http://x").searchParams;
      const after = query.get("start-after");
      const rest = keys.filter((key) => key.startsWith(query.get("prefix")!) && (!after || key > after));
      res.setHeader("Content-Type", "application/xml");
      res.end(
        `<ListBucketResult><IsTruncated>${rest.length > 2}</IsTruncated>` +
          rest
            .slice(0, 2)
            .map((key) => `<Contents><Key>${key}</Key></Contents>`)
            .join("") +
          "</ListBucketResult>",
      );
    });
    await new Promise<void>((resolve) => paging.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = paging.address() as AddressInfo;
      const client = createS3Client({ ...config(), endpoint: `http://127.0.0.1:${port}` });
      expect(await client.listKeys("p/")).toEqual(keys);
    } finally {
      paging.close();
    }
  });

  it("says which bucket refused, and what it said", async () => {
    const client = createS3Client({ ...config(), bucket: "no-such-bucket" });
    const error = await client.putObject("x.webp", Buffer.from("x"), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3Error);
    expect((error as S3Error).message).toMatch(
      /^the S3 bucket "no-such-bucket" at 127\.0\.0\.1:\d+ refused to store x\.webp: HTTP 404: NoSuchBucket/,
    );
    expect((error as S3Error).message).not.toContain("S3RVER");
  });

  it("says when the store does not answer", async () => {
    const down = await startS3Server("gone");
    await down.close();
    const client = createS3Client({ ...config(), endpoint: down.endpoint });
    await expect(client.getObject("x.webp")).rejects.toThrow(
      new RegExp(`^Could not reach the S3 bucket "client-tests" at ${down.endpoint.slice(7)} \\(ECONNREFUSED\\)\\.$`),
    );
  });
});

describe("the bucket's address", () => {
  const bucket = { bucket: "agency-media", region: "ap-south-1" };
  it.each([
    [{ endpoint: undefined, forcePathStyle: false }, "https://agency-media.s3.ap-south-1.amazonaws.com/"],
    [{ endpoint: undefined, forcePathStyle: true }, "https://s3.ap-south-1.amazonaws.com/agency-media/"],
    [{ endpoint: "http://127.0.0.1:9000", forcePathStyle: true }, "http://127.0.0.1:9000/agency-media/"],
    [
      { endpoint: "https://storage.example.lk/s3/", forcePathStyle: true },
      "https://storage.example.lk/s3/agency-media/",
    ],
    [{ endpoint: "https://r2.example.com", forcePathStyle: false }, "https://agency-media.r2.example.com/"],
  ])("%j → %s", (where, url) => {
    expect(bucketUrl({ ...bucket, ...where }).href).toBe(url);
  });
});
