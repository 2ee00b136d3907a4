import { existsSync } from "node:fs";

/** Debian's Chromium (never a downloaded browser); CHROME_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error("Chromium not found: install Debian's chromium package or set CHROME_PATH.");
  return found;
}
