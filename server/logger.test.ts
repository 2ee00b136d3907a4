import { describe, expect, it } from "vitest";
import { createLogger, loggedPath, logConsoleOutput, MAX_LOGGED_PATH, type LogLevel } from "./logger.ts";

/** A logger at `level` whose lines are kept, each parsed as the JSON it must be. */
function capture(level: LogLevel) {
  const lines: string[] = [];
  const logger = createLogger(level, { destination: { write: (line: string) => void lines.push(line) } });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, records };
}

describe("createLogger", () => {
  it("writes one JSON line per call: level, ISO time, message and the fields", () => {
    const { logger, lines, records } = capture("info");
    logger.info("contact message stored", { event: "contact-stored", id: 7, source: "form" });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    const [record] = records();
    expect(record).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      msg: "contact message stored",
      event: "contact-stored",
      id: 7,
      source: "form",
    });
    expect(Date.now() - Date.parse(record!.time as string)).toBeLessThan(60_000);
  });

  it.each([
    ["debug", ["debug", "info", "warn", "error"]],
    ["info", ["info", "warn", "error"]],
    ["warn", ["warn", "error"]],
    ["error", ["error"]],
    ["silent", []],
  ] as const)("at LOG_LEVEL=%s writes %j", (level, written) => {
    const { logger, records } = capture(level);
    logger.debug("d");
    logger.info("i");
    logger.warn("w");
    logger.error("e");
    expect(records().map((record) => record.level)).toEqual(written);
  });

  it("never writes a secret or personal field, whatever a call passes", () => {
    const { logger, lines, records } = capture("debug");
    logger.warn("a careless call", {
      password: "hunter2-hunter2",
      newPassword: "correct horse",
      token: "tok_abcdef",
      cookie: "session=abc123",
      authorization: "Bearer abc123",
      email: "visitor@example.com",
      ip: "203.0.113.9",
      message: "Hello, please call me",
      body: "a message body",
      id: 12,
    });
    const [record] = records();
    for (const key of ["password", "newPassword", "token", "cookie", "authorization", "email", "ip", "message", "body"])
      expect(record![key], key).toBe("[redacted]");
    expect(record!.id).toBe(12);
    for (const secret of [
      "hunter2",
      "correct horse",
      "tok_abcdef",
      "abc123",
      "visitor@",
      "203.0.113.9",
      "call me",
      "a message body",
    ])
      expect(lines.join(""), secret).not.toContain(secret);
  });

  it("masks email addresses in messages and text fields, and secrets in a URL's query", () => {
    const { logger, lines, records } = capture("info");
    logger.error("could not reach owner@agency.lk", {
      reason: "550 5.1.1 <visitor.name+tag@mail.example.co.uk>: Recipient address rejected",
      detail: "GET https://generativelanguage.googleapis.com/v1/models:generate?alt=sse&key=AIzaSecret123 failed",
      count: 2,
    });
    const [record] = records();
    expect(record!.msg).toBe("could not reach [email]");
    expect(record!.reason).toBe("550 5.1.1 <[email]>: Recipient address rejected");
    expect(record!.detail).toBe(
      "GET https://generativelanguage.googleapis.com/v1/models:generate?alt=sse&key=[redacted] failed",
    );
    expect(record!.count).toBe(2);
    expect(lines.join("")).not.toMatch(/owner@|visitor\.name|AIzaSecret123/);
  });

  it("writes a request's line as the JSON any other line is, at info level only", () => {
    const line = {
      requestId: "5b0e8f62-8a53-4c1c-9b2a-3f0c1d2e4f5a",
      method: "GET",
      route: "/blog/:slug",
      status: 200,
      durationMs: 0.42,
      cache: "hit" as const,
    };
    const { logger, records } = capture("info");
    logger.request!(line);
    logger.request!({ ...line, status: 499, cache: "none", aborted: true });
    expect(records()).toEqual([
      { level: "info", time: expect.any(String), event: "request", ...line, msg: "GET /blog/:slug 200" },
      {
        level: "info",
        time: expect.any(String),
        event: "request",
        ...line,
        status: 499,
        cache: "none",
        aborted: true,
        msg: "GET /blog/:slug 499",
      },
    ]);
    expect(Number.isNaN(Date.parse(records()[0]!.time as string))).toBe(false);
    expect(capture("warn").logger.request).toBeUndefined();
  });

  it("writes a 404's path as a JSON string, whatever it holds, its emails masked and its length capped", () => {
    const { logger, records } = capture("info");
    const line = {
      requestId: "r",
      method: "GET",
      route: "not-found",
      status: 404,
      durationMs: 1,
      cache: "none" as const,
    };
    const odd = '/a"b\\c\u0001d/ශ්‍රී/%FF';
    logger.request!({ ...line, path: loggedPath(odd) });
    logger.request!({ ...line, path: loggedPath("/contact/kumari@example.org") });
    const long = loggedPath(`/${"x".repeat(5_000)}`);
    logger.request!({ ...line, path: long });
    expect(records().map((record) => record["path"])).toEqual([odd, "/contact/[email]", long]);
    expect(long).toHaveLength(MAX_LOGGED_PATH);
    expect(long.endsWith("…")).toBe(true);
  });

  it("makes console.warn and console.error lines of the log", () => {
    const { logger, records } = capture("info");
    const { warn, error } = console;
    try {
      logConsoleOutput(logger);
      console.warn('The URL path "%s" could not be decoded', "/blog/%FF");
      console.error(new Error("a dependency's own"));
      console.warn("x".repeat(3_000));
    } finally {
      Object.assign(console, { warn, error });
    }
    const [first, second, third] = records();
    expect(first).toMatchObject({
      level: "warn",
      event: "console",
      msg: 'The URL path "/blog/%FF" could not be decoded',
    });
    expect(second).toMatchObject({
      level: "error",
      event: "console",
      msg: expect.stringContaining("a dependency's own"),
    });
    expect(third!["msg"]).toHaveLength(2_000);
  });

  it("keeps the fields of an ordinary line as they are", () => {
    const { logger, records } = capture("info");
    const fields = { event: "request", route: "/api/posts/:id", status: 200, durationMs: 1.25, cache: "none" };
    logger.info("GET /api/posts/:id 200", fields);
    expect(records()[0]).toMatchObject(fields);
  });
});
