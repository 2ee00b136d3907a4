const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One-line logs: `level message key=value …`, to stderr for warnings and errors. */
export function createLogger(level: LogLevel): Logger {
  const threshold = levels[level];
  const write = (at: Exclude<LogLevel, "silent">) => (message: string, fields?: Record<string, unknown>) => {
    if (levels[at] < threshold) return;
    const extra = fields
      ? " " +
        Object.entries(fields)
          .map(([k, v]) => `${k}=${typeof v === "string" ? JSON.stringify(v) : String(v)}`)
          .join(" ")
      : "";
    const line = `${new Date().toISOString()} ${at} ${message}${extra}\n`;
    (levels[at] >= levels.warn ? process.stderr : process.stdout).write(line);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
