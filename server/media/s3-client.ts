import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";

/** Where a bucket is and how to sign for it (from the S3_* variables: server/media/storages.ts). */
export interface S3Config {
  /** An S3-compatible server's address; undefined for Amazon S3 in `region`. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials' token (AWS STS, an IAM role), signed into every request as X-Amz-Security-Token. */
  sessionToken?: string | undefined;
  /** endpoint/bucket/key rather than bucket.endpoint/key: what most S3-compatible servers expect. */
  forcePathStyle: boolean;
}

/**
 * The store did not answer, or refused: the message names the store and what it said (never the keys);
 * `status` and S3's error `code` (e.g. NoSuchBucket) when it answered.
 */
export class S3Error extends Error {
  override name = "S3Error";
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface S3ClientOptions {
  /** How long a request may wait for the store's answer (its headers), in ms. */
  timeoutMs?: number;
  /** Retries of a 5xx or 429 answer (aws4fetch backs off between them). */
  retries?: number;
  /** The signing time, `YYYYMMDDTHHMMSSZ`: fixed only by tests of the signature. */
  datetime?: () => string | undefined;
}

/** The hash of an empty payload, as a GET, HEAD or DELETE signs it. */
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

const storeUrl = (config: Pick<S3Config, "endpoint" | "region">) =>
  new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);

/** The store's address (S3_ENDPOINT, or Amazon's in the region), without a user or password it might carry: for logs. */
export function endpointOf(config: Pick<S3Config, "endpoint" | "region">): string {
  const endpoint = storeUrl(config);
  return `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, "")}`;
}

/** The bucket's own address, ending in "/": object keys are resolved against it. */
export function bucketUrl(config: Pick<S3Config, "endpoint" | "bucket" | "region" | "forcePathStyle">): URL {
  const endpoint = storeUrl(config);
  const base = endpoint.pathname.replace(/\/+$/, "");
  if (config.forcePathStyle) return new URL(`${endpoint.origin}${base}/${config.bucket}/`);
  return new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}${base}/`);
}

const encodeKey = (key: string) => key.split("/").map(encodeURIComponent).join("/");

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const xmlText = (value: string) => value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);
const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((match) => xmlText(match[1]!));

/**
 * The few S3 calls the media storage makes (PutObject, GetObject, HeadObject,
 * ListObjectsV2, DeleteObject), signed with AWS Signature Version 4 by
 * aws4fetch over the platform's fetch: no SDK. Payloads are signed by their
 * SHA-256, so a body changed on the way is refused by the store.
 */
export function createS3Client(config: S3Config, options: S3ClientOptions = {}) {
  const aws = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    sessionToken: config.sessionToken,
    service: "s3",
    region: config.region,
    retries: options.retries ?? 2,
  });
  const bucket = bucketUrl(config);
  const where = `the S3 bucket "${config.bucket}" at ${bucket.host}`;
  const timeoutMs = options.timeoutMs ?? 20_000;

  /** One signed request; the answer's body is left unread. */
  async function send(method: string, url: URL, body?: Uint8Array, headers: Record<string, string> = {}) {
    const payloadHash = body ? createHash("sha256").update(body).digest("hex") : EMPTY_SHA256;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const datetime = options.datetime?.();
      return await aws.fetch(url, {
        method,
        headers: { ...headers, "X-Amz-Content-Sha256": payloadHash },
        ...(body && { body: body as Uint8Array<ArrayBuffer> }),
        signal: controller.signal,
        ...(datetime && { aws: { datetime } }),
      });
    } catch (error) {
      // fetch's own "fetch failed" says nothing: its cause does (ECONNREFUSED, ENOTFOUND, "bad port").
      const { cause: failure } = error as { cause?: { code?: string; message?: string } };
      const cause = controller.signal.aborted
        ? `no answer in ${Math.round(timeoutMs / 1000)} s`
        : String(failure?.code ?? failure?.message ?? (error as Error).message);
      throw new S3Error(`Could not reach ${where} (${cause}).`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Throws an S3Error with the store's own code and message (S3's XML error body). */
  async function refused(response: Response, doing: string): Promise<never> {
    const text = await response.text().catch(() => "");
    const [code] = xmlValues(text, "Code");
    const [message] = xmlValues(text, "Message");
    const said = code ? `: ${code}${message ? ` (${message})` : ""}` : "";
    throw new S3Error(`${where} refused to ${doing}: HTTP ${response.status}${said}.`, response.status, code);
  }

  const objectUrl = (key: string) => new URL(encodeKey(key), bucket);

  return {
    objectUrl,
    async putObject(key: string, body: Uint8Array, headers: Record<string, string>) {
      const response = await send("PUT", objectUrl(key), body, headers);
      if (!response.ok) await refused(response, `store ${key}`);
      await response.body?.cancel();
    },
    /** The object's answer (read its body), or undefined when there is no such object. */
    async getObject(key: string): Promise<Response | undefined> {
      const response = await send("GET", objectUrl(key));
      if (response.status === 404) {
        // A missing bucket is a setting to fix, not a missing file.
        const text = await response.text().catch(() => "");
        if (xmlValues(text, "Code")[0] === "NoSuchBucket")
          throw new S3Error(`${where} refused to give ${key}: NoSuchBucket.`, 404, "NoSuchBucket");
        return undefined;
      }
      if (!response.ok) await refused(response, `give ${key}`);
      return response;
    },
    async hasObject(key: string): Promise<boolean> {
      const response = await send("HEAD", objectUrl(key));
      await response.body?.cancel();
      if (response.status === 404) return false;
      if (!response.ok)
        throw new S3Error(`${where} refused to look up ${key}: HTTP ${response.status}.`, response.status);
      return true;
    },
    /**
     * Every key starting with `prefix` (ListObjectsV2, page after page). The next page starts
     * after the last key seen: plainer than continuation tokens, which some S3-compatible servers
     * (s3rver on OpenSSL 3) cannot make.
     */
    async listKeys(prefix: string): Promise<string[]> {
      const keys: string[] = [];
      let more = true;
      while (more) {
        const url = new URL(bucket);
        url.searchParams.set("list-type", "2");
        url.searchParams.set("prefix", prefix);
        if (keys.length > 0) url.searchParams.set("start-after", keys.at(-1)!);
        const response = await send("GET", url);
        if (!response.ok) await refused(response, `list ${prefix}`);
        const xml = await response.text();
        const page = xmlValues(xml, "Key");
        keys.push(...page);
        more = page.length > 0 && xmlValues(xml, "IsTruncated")[0] === "true";
      }
      return keys;
    },
    /**
     * Lists at most one key under `prefix` (ListObjectsV2, max-keys=1): the cheapest question that
     * needs the endpoint, the bucket, the region and the keys all right. Throws an S3Error otherwise.
     */
    async checkBucket(prefix: string) {
      const url = new URL(bucket);
      url.searchParams.set("list-type", "2");
      url.searchParams.set("max-keys", "1");
      url.searchParams.set("prefix", prefix);
      const response = await send("GET", url);
      if (!response.ok) await refused(response, `list ${prefix || "its keys"}`);
      await response.body?.cancel();
    },
    /** Removes one object; one that is not there is no error (S3 answers 204 either way). */
    async deleteObject(key: string) {
      const response = await send("DELETE", objectUrl(key));
      if (!response.ok && response.status !== 404) await refused(response, `delete ${key}`);
      await response.body?.cancel();
    },
  };
}

export type S3Client = ReturnType<typeof createS3Client>;
