import { z } from "zod";
import { DEFAULT_SITE_TIMEZONE, isTimeZone } from "#content/time-zone.ts";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalUrl = (protocols: RegExp, hint: string) =>
  optionalString.refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
    message: `must be ${hint}`,
  });

/**
 * Images' files where the site's data is: in the folder beside SQLite; in the
 * database with PostgreSQL, so that several instances need no shared folder.
 */
export const defaultMediaStorage = (databaseUrl: string | undefined): "local" | "database" =>
  databaseUrl ? "database" : "local";

/** What MEDIA_STORAGE=s3 needs besides defaults, and MEDIA_PUBLIC_URL's one storage: each missing piece named at start. */
function checkMediaStorage(
  env: Partial<
    Record<
      | "MEDIA_STORAGE"
      | "S3_ENDPOINT"
      | "S3_REGION"
      | "MEDIA_PUBLIC_URL"
      | "S3_BUCKET"
      | "S3_ACCESS_KEY_ID"
      | "S3_SECRET_ACCESS_KEY",
      string
    >
  >,
  ctx: z.RefinementCtx,
) {
  if (env.MEDIA_STORAGE !== "s3") {
    if (env.MEDIA_PUBLIC_URL !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["MEDIA_PUBLIC_URL"],
        message: "is for MEDIA_STORAGE=s3 only (the other storages are served by the site)",
      });
    return;
  }
  for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (env[name] === undefined)
      ctx.addIssue({ code: "custom", path: [name], message: "must be set when MEDIA_STORAGE is s3" });
  }
  if (env.S3_ENDPOINT === undefined && env.S3_REGION === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["S3_ENDPOINT"],
      message: "or S3_REGION must be set when MEDIA_STORAGE is s3 (S3_REGION alone means Amazon S3 in that region)",
    });
}

const POOL_SIZE_ERROR = "must be a number of connections (1–100)";

/**
 * The whole environment contract (design.md "Environment"), read and validated
 * once at start. Everything is optional; a bad value stops the start with a
 * message naming the variable.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    PUBLIC_URL: optionalUrl(/^https?:/, "an http(s) URL such as https://example.lk"),
    // Selects PostgreSQL instead of SQLite in DATA_DIR (server/assembly/deps.ts).
    DATABASE_URL: optionalUrl(
      /^postgres(ql)?:\/\//,
      "a postgres:// URL such as postgres://user:password@host:5432/database",
    ),
    // The most connections each instance's pool opens (it keeps one more open for LISTEN): with
    // several instances, instances × (size + 1) must fit the server's max_connections.
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: POOL_SIZE_ERROR })
      .int(POOL_SIZE_ERROR)
      .min(1, POOL_SIZE_ERROR)
      .max(100, POOL_SIZE_ERROR)
      .default(10),
    // Where uploaded images' files are kept (server/media/storage.ts); the default follows the database.
    MEDIA_STORAGE: optionalString.pipe(
      z
        .enum(["local", "database", "s3"], {
          error: 'must be "local" (DATA_DIR/media), "database" or "s3" (an S3-compatible bucket)',
        })
        .optional(),
    ),
    // The bucket of MEDIA_STORAGE=s3 (server/media/s3-storage.ts); checked together below.
    S3_ENDPOINT: optionalUrl(/^https?:/, "an http(s) URL such as https://s3.example.com"),
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "must be a bucket name: 3–63 lowercase letters, digits, dots and -",
        )
        .optional(),
    ),
    S3_REGION: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+$/, "must be a region name such as ap-south-1")
        .optional(),
    ),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // Temporary keys' token (AWS STS, an IAM role): sent in a header, so one line of printable characters.
    S3_SESSION_TOKEN: optionalString.pipe(
      z
        .string()
        .regex(/^[\x21-\x7e]+$/, "must be the session token as issued: printable ASCII without spaces")
        .optional(),
    ),
    S3_FORCE_PATH_STYLE: optionalString.pipe(
      z
        .enum(["true", "false"], { error: 'must be "true" or "false"' })
        .transform((value) => value === "true")
        .optional(),
    ),
    // Keys start with it (e.g. "agency/"): one bucket may hold several sites' images.
    S3_PREFIX: optionalString.pipe(
      z
        .string()
        .regex(/^(?:[A-Za-z0-9._-]+\/)*[A-Za-z0-9._-]+\/?$/, 'must be folder names joined by "/", such as agency/')
        .refine((value) => !value.split("/").some((part) => part === "." || part === ".."), {
          message: 'must not have "." or ".." for a folder name',
        })
        .transform((value) => (value.endsWith("/") ? value : `${value}/`))
        .optional(),
    ),
    // Where browsers fetch the images when not through the site: the bucket's public address (or a CDN's).
    MEDIA_PUBLIC_URL: optionalUrl(/^https?:/, "an http(s) URL such as https://images.example.lk"),
    ADMIN_EMAIL: optionalString.pipe(z.email("must be an email address").optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
    AI_PROVIDER: z.enum(["gemini", "openai", "none"]).optional(),
    GEMINI_API_KEY: optionalString,
    GEMINI_MODEL: z.string().trim().min(1).default("gemini-2.5-flash"),
    GEMINI_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://generativelanguage.googleapis.com"),
    OPENAI_BASE_URL: optionalUrl(/^https?:/, "an http(s) URL"),
    OPENAI_API_KEY: optionalString,
    OPENAI_MODEL: optionalString,
    SMTP_URL: optionalUrl(/^smtps?:/, "an smtp:// or smtps:// URL"),
    CONTACT_TO: optionalString.pipe(z.email("must be an email address").optional()),
    CONTACT_FORWARD_URL: optionalUrl(/^https?:/, "an http(s) URL"),
    // The site's time zone (IANA name): scheduled posts' dates and times are its wall clock.
    SITE_TIMEZONE: optionalString
      .transform((value) => value ?? DEFAULT_SITE_TIMEZONE)
      .refine(isTimeZone, "must be a time zone name such as Asia/Colombo"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    // Turns on GET /metrics (server/metrics/), for `Authorization: Bearer <METRICS_TOKEN>` only.
    METRICS_TOKEN: optionalString.pipe(
      z
        .string()
        .min(16, "must be at least 16 characters")
        .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
        .optional(),
    ),
    // Visitors' pages kept in memory until the next save (server/page-cache/page-cache.ts); "off" to measure renders.
    PAGE_CACHE: z
      .enum(["on", "off"])
      .default("on")
      .transform((value) => value === "on"),
    // Insights' page-view counting (server/insights/); "off" counts nothing (and measures what counting costs).
    ANALYTICS: z
      .enum(["on", "off"])
      .default("on")
      .transform((value) => value === "on"),
    // How many reverse proxies (nginx, a load balancer) sit in front: the client
    // address is then read from X-Forwarded-For, that many hops from the right.
    TRUST_PROXY: z.coerce.number({ error: "must be a number of proxies (0, 1, 2…)" }).int().min(0).max(10).default(0),
  })
  .superRefine((env, ctx) => {
    checkMediaStorage(env, ctx);
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL === undefined ? "ADMIN_EMAIL" : "ADMIN_PASSWORD"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
  })
  .transform((env) => ({
    ...env,
    AI_PROVIDER: env.AI_PROVIDER ?? (env.GEMINI_API_KEY ? "gemini" : env.OPENAI_BASE_URL ? "openai" : "none"),
    MEDIA_STORAGE: env.MEDIA_STORAGE ?? defaultMediaStorage(env.DATABASE_URL),
    // Path-style (endpoint/bucket/key) for S3-compatible servers; Amazon's own endpoint is addressed by bucket host name.
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    S3_PREFIX: env.S3_PREFIX ?? "",
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses the environment; throws an EnvError whose message names every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}
