import { rmSync } from "node:fs";
import type { IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo } from "node:net";
import S3rver from "s3rver";
import { tempDir } from "./api-server.ts";

/** A request as it reached the store: what a signature is checked against. */
export interface ReceivedS3Request {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface TestS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The site's environment for MEDIA_STORAGE=s3 on this bucket (s3rver's own keys). */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Every request the store received, oldest first. */
  requests: ReceivedS3Request[];
  /** Every key in the bucket starting with `prefix`, sorted (read without the site's code). */
  keys(prefix?: string): Promise<string[]>;
  /** One object as the bucket itself serves it. */
  object(key: string): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server on 127.0.0.1 (s3rver, files in a temporary
 * folder) with one empty bucket. It answers as S3 does but checks no V4
 * signature: server/media/s3-client.test.ts checks those.
 */
export async function startS3Server(bucket = "agency-media"): Promise<TestS3> {
  const directory = tempDir("agency-s3-");
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const requests: ReceivedS3Request[] = [];
  (server as unknown as { httpServer: Server }).httpServer.on("request", (req) => {
    requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
  });
  return {
    endpoint,
    bucket,
    requests,
    env: (extra = {}) => ({
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      // The only keys s3rver knows.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      ...extra,
    }),
    async keys(prefix = "") {
      const response = await fetch(
        `${endpoint}/${bucket}?list-type=2&max-keys=1000&prefix=${encodeURIComponent(prefix)}`,
      );
      const xml = await response.text();
      return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!).sort();
    },
    object: (key) => fetch(`${endpoint}/${bucket}/${key}`),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
