import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { arrivals } from "./arrivals.ts";

export interface ReceivedForm {
  method: string;
  path: string;
  contentType: string;
  fields: Record<string, string>;
}

export interface FakeFormMail {
  url: string;
  posts: ReceivedForm[];
  /** Answers the next `times` posts with 503 (recorded all the same). */
  fail(times: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedForm[]>;
  close(): Promise<void>;
}

/** A form-mail service on 127.0.0.1: records each POST and redirects to `_next`, as the real ones do. */
export async function startFakeFormMail(): Promise<FakeFormMail> {
  const received = arrivals<ReceivedForm>("form posts");
  const posts = received.items;
  let failures = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      received.add({
        method: req.method ?? "",
        path: req.url ?? "",
        contentType: req.headers["content-type"] ?? "",
        fields,
      });
      if (failures > 0) {
        failures -= 1;
        res.writeHead(503, { "Content-Type": "text/plain" }).end("Service Unavailable");
        return;
      }
      res.writeHead(302, { Location: fields["_next"] ?? "/" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/f/owner@example.lk`,
    posts,
    fail(times) {
      failures = times;
    },
    waitFor: received.waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
