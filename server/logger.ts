import { format } from "node:util";
import { multistream, pino, stdTimeFunctions, type DestinationStream, type Logger as Pino } from "pino";
import pretty from "pino-pretty";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type LogFields = Record<string, unknown>;

/** One answered request, as the server's listener logs it (server/assembly/request-log.ts). */
export interface RequestLine {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  cache: "hit" | "miss" | "none";
  aborted?: true;
  /**
   * A 404's path as it was asked for (no query), as a web server's access log has it, so an
   * operator finds broken links: as {@link loggedPath} gives it.
   */
  path?: string;
}

/** The most characters of a 404's path a request line keeps (a made-up path can be kilobytes). */
export const MAX_LOGGED_PATH = 300;

/** The server's log: one line per call, a message and flat fields (`event` names a notable one). */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A request's line at info level, the same as `info` with `event: "request"` writes, only cheaper (one per request). */
  request?(line: RequestLine): void;
}

export interface LoggerOptions {
  /** Lines for people (pino-pretty: time, level, message, fields) instead of JSON: a terminal, or `npm run dev`. */
  pretty?: boolean;
  /** Where every line goes (tests); by default debug and info to stdout, warnings and errors to stderr. */
  destination?: DestinationStream;
}

/**
 * Fields that never reach the log whatever a call passes (a safety net: call
 * sites log ids, never these): secrets, and what identifies a person.
 */
export const REDACTED_FIELDS = [
  "password",
  "currentPassword",
  "newPassword",
  "token",
  "cookie",
  "authorization",
  "email",
  "ip",
  "address",
  "body",
  "message",
];

/** An email address anywhere in a message or a text field (an SMTP server's refusal names the recipient). */
const EMAIL = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A secret in a URL's query within a text field (`?key=…`: Gemini's API key travels so). */
const QUERY_SECRET = /([?&](?:key|token|password|secret|preview)=)[^&\s"']+/gi;

const withoutEmails = (text: string) => (text.includes("@") ? text.replace(EMAIL, "[email]") : text);
const cleanText = (text: string) =>
  withoutEmails(text.includes("=") ? text.replace(QUERY_SECRET, "$1[redacted]") : text);
const suspect = (value: unknown) => typeof value === "string" && (value.includes("@") || value.includes("="));

/** The fields with email addresses and query secrets masked; the same object when there are none (the usual case). */
function scrub(fields: LogFields): LogFields {
  for (const key in fields) {
    if (suspect(fields[key])) return scrubAll(fields);
  }
  return fields;
}

function scrubAll(fields: LogFields): LogFields {
  const clean: LogFields = {};
  for (const key in fields) {
    const value = fields[key];
    clean[key] = typeof value === "string" ? cleanText(value) : value;
  }
  return clean;
}

/** JSON lines to stdout are written in chunks of this many bytes, or after FLUSH_MS, whichever comes first. */
const BUFFER_BYTES = 4096;
const FLUSH_MS = 1_000;

/** The process's stdout and stderr as pino writes them: made once, shared by every logger of the process. */
const streams: { pretty?: [DestinationStream, DestinationStream]; json?: [DestinationStream, DestinationStream] } = {};

function standardStreams(pretty_: boolean): [DestinationStream, DestinationStream] {
  if (pretty_) {
    // For a person watching: each line at once.
    const human = (fd: 1 | 2) =>
      pretty({
        destination: fd,
        sync: true,
        singleLine: true,
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname",
      });
    return (streams.pretty ??= [human(1), human(2)]);
  }
  if (!streams.json) {
    // A line per request, each written at once, cost a cached page about a third of its speed (a
    // write to journald's pipe per request): debug and info lines go out in chunks, at the latest a
    // second later, and on exit (pino flushes an asynchronous destination then). Warnings and
    // errors are written at once, so none is lost to a crash.
    const out = pino.destination({ dest: 1, sync: true, minLength: BUFFER_BYTES });
    setInterval(() => out.flush(), FLUSH_MS).unref();
    process.once("exit", () => out.flushSync());
    streams.json = [out, pino.destination({ dest: 2, sync: true })];
  }
  return streams.json;
}

/** Where info lines go: the given destination, or stdout. */
function infoStream(options: LoggerOptions): DestinationStream {
  return options.destination ?? standardStreams(options.pretty === true)[0];
}

function destinationFor(options: LoggerOptions): DestinationStream {
  if (options.destination) return options.destination;
  const [out, err] = standardStreams(options.pretty === true);
  return multistream(
    [
      { level: "debug", stream: out },
      { level: "warn", stream: err },
    ],
    // Each line to one stream only: the one for its level.
    { dedupe: true },
  );
}

const SILENT: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The server's logger, on pino: JSON lines (`{"level":"info","time":"…","msg":"…",…fields}`)
 * at `level` and above, or lines for people with `pretty`. Email addresses in
 * messages and text fields become `[email]`, secrets in a URL's query within a
 * field `[redacted]`, and so do the fields of {@link REDACTED_FIELDS}: nothing
 * personal or secret is written even if a call site slips. (The one secret
 * a message carries on purpose is the setup link, server/auth/setup.ts.)
 */
export function createLogger(level: LogLevel, options: LoggerOptions = {}): Logger {
  if (level === "silent") return SILENT;
  const log: Pino = pino(
    {
      level,
      base: undefined,
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_FIELDS, censor: "[redacted]" },
    },
    destinationFor(options),
  );
  const at =
    (method: "debug" | "info" | "warn" | "error") =>
    (message: string, fields?: LogFields): void => {
      if (!log.isLevelEnabled(method)) return;
      log[method](fields ? scrub(fields) : {}, withoutEmails(message));
    };
  const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  // A request's line is written as pino would write it, without pino's general path (its
  // serializer, redaction, scrubbing): it is the one line per request, and its fields are
  // fixed and safe (an id of the server's, a method and route from short lists, numbers).
  if (!options.pretty && log.isLevelEnabled("info")) {
    const out = infoStream(options);
    logger.request = (line) => out.write(requestJson(line));
  }
  return logger;
}

function requestJson({ requestId, method, route, status, durationMs, cache, aborted, path }: RequestLine): string {
  const routeJson = JSON.stringify(route);
  return (
    `{"level":"info","time":"${new Date().toISOString()}","event":"request","requestId":"${requestId}",` +
    `"method":"${method}","route":${routeJson},"status":${status},"durationMs":${durationMs},"cache":"${cache}"` +
    `${aborted ? ',"aborted":true' : ""}${path === undefined ? "" : `,"path":${JSON.stringify(path)}`}` +
    `,"msg":"${method} ${routeJson.slice(1, -1)} ${status}"}\n`
  );
}

/** A visitor's path as a log line keeps it: email addresses masked, at most MAX_LOGGED_PATH characters. */
export function loggedPath(path: string): string {
  const clean = withoutEmails(path);
  return clean.length > MAX_LOGGED_PATH ? `${clean.slice(0, MAX_LOGGED_PATH - 1)}…` : clean;
}

/** Whether the server's log is for people: a terminal, or `npm run dev` (NODE_ENV=development). */
export function prettyLogs(nodeEnv: string): boolean {
  return process.stdout.isTTY === true || nodeEnv === "development";
}

/** The most characters of a console message a log line keeps. */
const MAX_CONSOLE_TEXT = 2_000;

/**
 * What any code of the process writes with `console.warn` and `console.error` (a dependency's own
 * warning) becomes a log line (`event: "console"`, the text cut to 2,000 characters) instead of
 * plain text: for the server's entry only, which owns the process (the log stays JSON).
 * `console.log` is left alone: what runs the server (a test's helper) may print its own lines.
 */
export function logConsoleOutput(logger: Logger): void {
  const text = (args: unknown[]) => format(...args).slice(0, MAX_CONSOLE_TEXT);
  console.warn = (...args: unknown[]) => logger.warn(text(args), { event: "console" });
  console.error = (...args: unknown[]) => logger.error(text(args), { event: "console" });
}

/**
 * Node's own warnings (a deprecation in a dependency, say) become log lines
 * (`event: "node-warning"`) instead of the plain text Node writes to stderr:
 * for the server's entry only, which owns the process (the log stays JSON).
 */
export function logProcessWarnings(logger: Logger): void {
  process.removeAllListeners("warning");
  process.on("warning", (warning: Error & { code?: string }) =>
    logger.warn(warning.message, { event: "node-warning", name: warning.name, code: warning.code }),
  );
}
