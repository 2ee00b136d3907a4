import {
  checked,
  contentTypeOf,
  isMediaFile,
  MEDIA_CACHE_CONTROL,
  siteMediaUrl,
  type MediaStorage,
} from "./storage.ts";
import { createS3Client, endpointOf, S3Error, type S3ClientOptions, type S3Config } from "./s3-client.ts";

export interface S3MediaConfig extends S3Config {
  /** Put before every key ("" or "folder/"): several sites may share one bucket. */
  prefix: string;
  /** The bucket's public address (MEDIA_PUBLIC_URL): images are linked there instead of through the site. */
  publicUrl: string | undefined;
}

/** How long the start-up check waits for the bucket: whatever the bucket does, the site starts at most this much later. */
const CHECK_TIMEOUT_MS = 5_000;

/** What to look at when the bucket refuses the start-up check with this S3 error code. */
const CHECK_HINTS: Record<string, string> = {
  NoSuchBucket: "S3_BUCKET: the bucket must exist at S3_ENDPOINT (or in S3_REGION); the site does not create it",
  InvalidAccessKeyId: "S3_ACCESS_KEY_ID: the store knows no such key",
  SignatureDoesNotMatch: "S3_SECRET_ACCESS_KEY: it must be the secret of S3_ACCESS_KEY_ID",
  AccessDenied: "the keys' permissions: they must list, put, get and delete in the bucket (under S3_PREFIX)",
  AuthorizationHeaderMalformed: "S3_REGION: it must be the bucket's region",
  PermanentRedirect: "S3_REGION (or S3_ENDPOINT): the bucket is in another region",
  InvalidToken: "S3_SESSION_TOKEN: it must be the one issued with these temporary keys",
  ExpiredToken: "S3_SESSION_TOKEN: the temporary keys have expired; give the site fresh ones",
};
/** When the store did not answer at all. */
const UNREACHED_HINT = "S3_ENDPOINT (or S3_REGION), and that this server can reach it";
/** When it refused without a code this list knows. */
const REFUSED_HINT = "S3_ENDPOINT, S3_REGION, S3_BUCKET and the keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)";

/**
 * `s3`: any S3-compatible bucket, the objects at `<prefix>media/<id>/<name>`
 * with their content type and a year's immutable caching. The keys mirror the
 * site's /media/<id>/<name>, so a public bucket (MEDIA_PUBLIC_URL) serves the
 * same paths the site does. As with the other storages, the content type
 * comes from the generated name, never from what the bucket says.
 */
export function createS3MediaStorage(config: S3MediaConfig, options?: S3ClientOptions): MediaStorage {
  const s3 = createS3Client(config, options);
  const folderOf = (id: string) => `${config.prefix}media/${id}/`;
  const keyOf = (id: string, name: string) => `${folderOf(id)}${name}`;
  const publicBase =
    config.publicUrl && new URL(config.publicUrl.endsWith("/") ? config.publicUrl : `${config.publicUrl}/`);
  return {
    kind: "s3",
    async put(id, name, bytes, type) {
      checked(id, name);
      await s3.putObject(keyOf(id, name), bytes, { "Content-Type": type, "Cache-Control": MEDIA_CACHE_CONTROL });
    },
    async get(id, name) {
      if (!isMediaFile(id, name)) return undefined;
      const response = await s3.getObject(keyOf(id, name));
      return response && { bytes: new Uint8Array(await response.arrayBuffer()), type: contentTypeOf(name) };
    },
    async open(id, name) {
      if (!isMediaFile(id, name)) return undefined;
      const response = await s3.getObject(keyOf(id, name));
      return response?.body ? { body: response.body, type: contentTypeOf(name) } : undefined;
    },
    async has(id, name) {
      return isMediaFile(id, name) && s3.hasObject(keyOf(id, name));
    },
    async delete(id) {
      checked(id);
      // Listed rather than named: whatever files the image has (replacements' too) go.
      const keys = await s3.listKeys(folderOf(id));
      await Promise.all(keys.map((key) => s3.deleteObject(key)));
    },
    async deleteFiles(id, names) {
      for (const name of names) checked(id, name);
      // One DeleteObject each: a replacement has a handful of files, and DeleteObjects would need its own XML body.
      await Promise.all(names.map((name) => s3.deleteObject(keyOf(id, name))));
    },
    urlOf(id, name) {
      return publicBase ? new URL(keyOf(id, name), publicBase).href : siteMediaUrl(id, name);
    },
    async check() {
      // Its own client: one try, a short wait (the uploads' client retries and waits longer).
      const checker = createS3Client(config, { ...options, timeoutMs: CHECK_TIMEOUT_MS, retries: 0 });
      try {
        await checker.checkBucket(config.prefix);
        return undefined;
      } catch (error) {
        if (!(error instanceof S3Error)) throw error;
        return {
          reason: error.message,
          check:
            (error.code && CHECK_HINTS[error.code]) ?? (error.status === undefined ? UNREACHED_HINT : REFUSED_HINT),
          endpoint: endpointOf(config),
          bucket: config.bucket,
          status: error.status,
          code: error.code,
        };
      }
    },
  };
}
