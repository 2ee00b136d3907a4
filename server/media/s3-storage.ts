import {
  checked,
  contentTypeOf,
  isMediaFile,
  MEDIA_CACHE_CONTROL,
  siteMediaUrl,
  type MediaStorage,
} from "./storage.ts";
import { createS3Client, type S3ClientOptions, type S3Config } from "./s3-client.ts";

export interface S3MediaConfig extends S3Config {
  /** Put before every key ("" or "folder/"): several sites may share one bucket. */
  prefix: string;
  /** The bucket's public address (MEDIA_PUBLIC_URL): images are linked there instead of through the site. */
  publicUrl: string | undefined;
}

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
    urlOf(id, name) {
      return publicBase ? new URL(keyOf(id, name), publicBase).href : siteMediaUrl(id, name);
    },
  };
}
