import { defaultMediaStorage, type Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";
import { createS3MediaStorage, type S3MediaConfig } from "./s3-storage.ts";
import { createLocalMediaStorage, type MediaStorage, type MediaStorageKind } from "./storage.ts";

type S3Variable =
  | "S3_ENDPOINT"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_SESSION_TOKEN"
  | "S3_FORCE_PATH_STYLE"
  | "S3_PREFIX"
  | "MEDIA_PUBLIC_URL";

/**
 * What choosing a storage reads: `env` as loaded (server/env.ts), or, for a
 * caller that gives less (the shell commands' tests), MEDIA_STORAGE's default
 * and the S3 settings as far as given.
 */
export type MediaStorageEnv = Pick<Env, "DATA_DIR" | "DATABASE_URL"> & Partial<Pick<Env, "MEDIA_STORAGE" | S3Variable>>;

/** The bucket the S3_* variables name; loadEnv has checked them, this names what a hand-made env lacks. */
export function s3ConfigOf(env: MediaStorageEnv): S3MediaConfig {
  const missing: string[] = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter(
    (name) => !env[name],
  );
  if (!env.S3_ENDPOINT && !env.S3_REGION) missing.push("S3_ENDPOINT or S3_REGION");
  if (missing.length > 0) throw new Error(`MEDIA_STORAGE is s3 but ${missing.join(", ")} not set.`);
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET!,
    // S3-compatible servers mostly ignore the region but sign with one; us-east-1 is their usual.
    region: env.S3_REGION ?? "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    sessionToken: env.S3_SESSION_TOKEN,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    prefix: env.S3_PREFIX ?? "",
    publicUrl: env.MEDIA_PUBLIC_URL,
  };
}

/**
 * Every storage MEDIA_STORAGE may name: adding one is an entry here (and its
 * value in server/env.ts). `database` is the store's own, over its connection
 * (server/db/store.ts).
 */
const MEDIA_STORAGES: Record<
  MediaStorageKind,
  (env: MediaStorageEnv, store: { mediaFiles: MediaStorage }) => MediaStorage
> = {
  local: (env) => createLocalMediaStorage(env.DATA_DIR),
  database: (_env, store) => store.mediaFiles,
  s3: (env) => createS3MediaStorage(s3ConfigOf(env)),
};

/** The storage MEDIA_STORAGE names, or its default: the folder with SQLite, the database with PostgreSQL. */
export function mediaStorageFor(env: MediaStorageEnv, store: { mediaFiles: MediaStorage }): MediaStorage {
  return MEDIA_STORAGES[env.MEDIA_STORAGE ?? defaultMediaStorage(env.DATABASE_URL)](env, store);
}

/**
 * Asks the storage one cheap question at start, so that a bucket's wrong name, address or keys
 * show in the log when the site starts rather than at the first upload: one error line saying
 * what failed and what to check. Never throws: a bucket briefly down must not keep the site down
 * (meanwhile uploads answer 503 with a message, and so does serving a file).
 */
export async function checkMediaStorage(storage: MediaStorage, logger: Pick<Logger, "error">): Promise<void> {
  const problem = await storage.check?.().catch((error: unknown) => ({
    reason: String(error),
    check: `MEDIA_STORAGE=${storage.kind} and its settings`,
  }));
  if (!problem) return;
  logger.error("the image storage failed its start-up check: the site runs on, uploads answer 503 until it is fixed", {
    event: "media-storage-check",
    storage: storage.kind,
    ...problem,
  });
}
