import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { arrivals } from "./arrivals.ts";

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  replyTo: string;
  text: string;
  raw: string;
}

export interface FakeSmtp {
  url: string;
  mails: ReceivedMail[];
  /** How many more recipients to refuse with "451 try again later". */
  refuse(times: number): void;
  /** Resolves when `count` mails have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Splits a raw RFC 5322 message into unfolded headers and its decoded text body. */
function parseMail(raw: string) {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4);
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { headers, text: text.replace(/\r\n/g, "\n").replace(/\n$/, "") };
}

/** A real SMTP server on 127.0.0.1 that records every mail it accepts. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received = arrivals<ReceivedMail>("mails");
  const mails = received.items;
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const { headers, text } = parseMail(raw);
        received.add({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          headers,
          subject: headers["subject"] ?? "",
          replyTo: headers["reply-to"] ?? "",
          text,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse(times) {
      refusals = times;
    },
    waitFor: received.waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
