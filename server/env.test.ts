import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.ts";

describe("loadEnv", () => {
  it("applies the contract's defaults", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      AI_PROVIDER: "none",
      LOG_LEVEL: "info",
      SITE_TIMEZONE: "Asia/Colombo",
    });
  });

  it("takes the site's time zone by its IANA name, and refuses an unknown one", () => {
    expect(loadEnv({ SITE_TIMEZONE: "Europe/London" }).SITE_TIMEZONE).toBe("Europe/London");
    expect(loadEnv({ SITE_TIMEZONE: "" }).SITE_TIMEZONE).toBe("Asia/Colombo");
    expect(() => loadEnv({ SITE_TIMEZONE: "Colombo" })).toThrow(/SITE_TIMEZONE.*time zone/);
  });

  it("accepts a PostgreSQL DATABASE_URL, and none (SQLite)", () => {
    expect(loadEnv({ DATABASE_URL: "postgres://site:secret@db.internal:5432/site" }).DATABASE_URL).toBe(
      "postgres://site:secret@db.internal:5432/site",
    );
    expect(loadEnv({ DATABASE_URL: "postgresql://localhost/site" }).DATABASE_URL).toBe("postgresql://localhost/site");
    expect(loadEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(loadEnv({}).DATABASE_URL).toBeUndefined();
  });

  it("opens 10 PostgreSQL connections per instance unless DATABASE_POOL_SIZE says, and refuses a size that is no count", () => {
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadEnv({ DATABASE_POOL_SIZE: "4" }).DATABASE_POOL_SIZE).toBe(4);
    for (const bad of ["0", "-1", "2.5", "101", "ten", ""])
      expect(() => loadEnv({ DATABASE_POOL_SIZE: bad }), bad).toThrow(
        /DATABASE_POOL_SIZE: must be a number of connections \(1–100\)/,
      );
  });

  it("takes a METRICS_TOKEN of 16 or more characters, and none (no /metrics)", () => {
    expect(loadEnv({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(loadEnv({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
  });

  it("keeps images in the folder with SQLite and in the database with PostgreSQL, unless MEDIA_STORAGE says", () => {
    const postgres = "postgres://site@127.0.0.1:5432/agency";
    expect(loadEnv({}).MEDIA_STORAGE).toBe("local");
    expect(loadEnv({ DATABASE_URL: postgres }).MEDIA_STORAGE).toBe("database");
    expect(loadEnv({ DATABASE_URL: postgres, MEDIA_STORAGE: "local" }).MEDIA_STORAGE).toBe("local");
    expect(loadEnv({ MEDIA_STORAGE: " database " }).MEDIA_STORAGE).toBe("database");
    expect(loadEnv({ MEDIA_STORAGE: "" }).MEDIA_STORAGE).toBe("local");
    expect(() => loadEnv({ MEDIA_STORAGE: "disk" })).toThrow(
      'Invalid environment:\n  MEDIA_STORAGE: must be "local" (DATA_DIR/media), "database" or "s3" (an S3-compatible bucket)',
    );
  });

  const bucket = {
    MEDIA_STORAGE: "s3",
    S3_BUCKET: "agency-media",
    S3_ACCESS_KEY_ID: "AKIAIOSFODNN7EXAMPLE",
    S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  };

  it("keeps images in an S3 bucket: Amazon's in a region, or any S3-compatible server's (path-style unless told)", () => {
    expect(loadEnv({ ...bucket, S3_REGION: "ap-south-1" })).toMatchObject({
      MEDIA_STORAGE: "s3",
      S3_REGION: "ap-south-1",
      S3_FORCE_PATH_STYLE: false,
      S3_PREFIX: "",
    });
    expect(loadEnv({ ...bucket, S3_ENDPOINT: "http://127.0.0.1:9000", S3_PREFIX: "sites/agency" })).toMatchObject({
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: "sites/agency/",
    });
    // Temporary keys (AWS STS, an IAM role) come with their session token.
    expect(
      loadEnv({ ...bucket, S3_REGION: "ap-south-1", S3_SESSION_TOKEN: " FwoGZXIvYXdzEBYaDH+token/== " }),
    ).toMatchObject({ S3_SESSION_TOKEN: "FwoGZXIvYXdzEBYaDH+token/==" });
    expect(
      loadEnv({
        ...bucket,
        S3_ENDPOINT: "https://r2.example.com",
        S3_FORCE_PATH_STYLE: "false",
        MEDIA_PUBLIC_URL: "https://images.example.lk",
      }),
    ).toMatchObject({ S3_FORCE_PATH_STYLE: false, MEDIA_PUBLIC_URL: "https://images.example.lk" });
    // Set for another storage, the S3 settings are left alone.
    expect(loadEnv({ S3_BUCKET: "agency-media" }).MEDIA_STORAGE).toBe("local");
  });

  it("names every missing or bad S3 setting at start", () => {
    expect(() => loadEnv({ MEDIA_STORAGE: "s3" })).toThrow(
      "Invalid environment:\n" +
        "  S3_BUCKET: must be set when MEDIA_STORAGE is s3\n" +
        "  S3_ACCESS_KEY_ID: must be set when MEDIA_STORAGE is s3\n" +
        "  S3_SECRET_ACCESS_KEY: must be set when MEDIA_STORAGE is s3\n" +
        "  S3_ENDPOINT: or S3_REGION must be set when MEDIA_STORAGE is s3 (S3_REGION alone means Amazon S3 in that region)",
    );
    expect(() => loadEnv({ ...bucket, S3_REGION: "ap-south-1", MEDIA_PUBLIC_URL: "images.example.lk" })).toThrow(
      /^Invalid environment:\n {2}MEDIA_PUBLIC_URL: must be an http\(s\) URL/,
    );
    expect(() => loadEnv({ MEDIA_PUBLIC_URL: "https://images.example.lk" })).toThrow(
      "Invalid environment:\n  MEDIA_PUBLIC_URL: is for MEDIA_STORAGE=s3 only (the other storages are served by the site)",
    );
    const error = (() => {
      try {
        loadEnv({ ...bucket, S3_ENDPOINT: "http://127.0.0.1:9000", S3_SECRET_ACCESS_KEY: "" });
      } catch (e) {
        return String(e);
      }
    })();
    // The message names the variable, never a secret's value.
    expect(error).toContain("S3_SECRET_ACCESS_KEY: must be set when MEDIA_STORAGE is s3");
    expect(error).not.toContain("AKIAIOSFODNN7EXAMPLE");
  });

  it("chooses gemini when a key is set", () => {
    expect(loadEnv({ GEMINI_API_KEY: "k" }).AI_PROVIDER).toBe("gemini");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PUBLIC_URL: "example.lk" }, "PUBLIC_URL"],
    [{ AI_PROVIDER: "skynet" }, "AI_PROVIDER"],
    [{ ADMIN_EMAIL: "owner@example.lk" }, "ADMIN_PASSWORD"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ CONTACT_TO: "not-an-email" }, "CONTACT_TO"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ DATABASE_URL: "mysql://root@localhost/site" }, "DATABASE_URL"],
    [{ DATABASE_URL: "postgres:site" }, "DATABASE_URL"],
    [{ METRICS_TOKEN: "too-short" }, "METRICS_TOKEN"],
    [{ MEDIA_STORAGE: "Database" }, "MEDIA_STORAGE"],
    [{ S3_ENDPOINT: "s3.example.com" }, "S3_ENDPOINT"],
    [{ S3_BUCKET: "Agency_Media" }, "S3_BUCKET"],
    [{ S3_REGION: "Asia Pacific" }, "S3_REGION"],
    [{ S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE"],
    [{ S3_PREFIX: "/agency" }, "S3_PREFIX"],
    [{ S3_PREFIX: "agency/../x" }, "S3_PREFIX"],
    [{ S3_SESSION_TOKEN: "FwoGZXIvYXdz\nEBYaDH" }, "S3_SESSION_TOKEN"],
    [{ METRICS_TOKEN: "a token with spaces in it" }, "METRICS_TOKEN"],
  ])("stops with a message naming the variable for %o", (source, name) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`^Invalid environment:\\n  ${name}: `));
  });
});
