import net, { createServer } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection driven byte by byte: a request can be sent in
 * parts (headers now, the rest later), so a test can hold it in flight, and
 * the test sees what the socket does (answers, `Connection: close`, closing).
 */
export class RawConnection {
  readonly socket: net.Socket;
  /** Resolves when the server (or the test) has closed the connection. */
  readonly closed: Promise<void>;
  readonly connected: Promise<void>;
  private buffer = Buffer.alloc(0);
  private wake?: () => void;
  private ended = false;

  constructor(port: number) {
    this.socket = net.connect(port, "127.0.0.1");
    this.connected = new Promise((resolve, reject) => {
      this.socket.once("connect", resolve);
      this.socket.once("error", reject);
    });
    this.connected.catch(() => undefined);
    this.socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    this.socket.on("error", () => undefined);
    this.closed = new Promise((resolve) =>
      this.socket.once("close", () => {
        this.ended = true;
        this.wake?.();
        resolve();
      }),
    );
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** Everything received and not yet taken by response(), as text (an event stream, say). */
  received(): string {
    return this.buffer.toString("utf8");
  }

  /** Waits until what was received contains `text` (the test's time budget ends a wait that never comes true). */
  async waitFor(text: string): Promise<void> {
    while (!this.received().includes(text)) {
      if (this.ended) throw new Error(`the connection closed before "${text}" came: ${this.received()}`);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** The next whole response (Content-Length or chunked body). */
  async response(): Promise<RawResponse> {
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.ended) throw new Error(`the connection closed before a whole response: ${this.buffer.toString()}`);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private parse(): RawResponse | undefined {
    const end = this.buffer.indexOf("\r\n\r\n");
    if (end < 0) return undefined;
    const [statusLine, ...lines] = this.buffer.subarray(0, end).toString("latin1").split("\r\n");
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
    );
    let rest = this.buffer.subarray(end + 4);
    let body: Buffer;
    if (headers["transfer-encoding"] === "chunked") {
      const parts: Buffer[] = [];
      for (;;) {
        const line = rest.indexOf("\r\n");
        if (line < 0) return undefined;
        const size = parseInt(rest.subarray(0, line).toString(), 16);
        if (rest.length < line + 2 + size + 2) return undefined;
        parts.push(rest.subarray(line + 2, line + 2 + size));
        rest = rest.subarray(line + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers["content-length"] ?? 0);
      if (rest.length < length) return undefined;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    }
    this.buffer = rest;
    return { status: Number(statusLine!.split(" ")[1]), headers, body: body.toString("utf8") };
  }
}

/** Opens a connection and waits until it is established. */
export async function rawConnection(port: number): Promise<RawConnection> {
  const connection = new RawConnection(port);
  await connection.connected;
  return connection;
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
