// Finds a command, installing its Debian package when it is missing and this
// process may (root, apt-get present): as scripts/test.mjs does for Chromium.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The command's path when it is on PATH or in the usual system folders, else undefined. */
export function findCommand(command) {
  for (const dir of [...(process.env.PATH ?? "").split(":").filter(Boolean), "/usr/sbin", "/usr/bin", "/sbin"]) {
    if (existsSync(`${dir}/${command}`)) return `${dir}/${command}`;
  }
  return undefined;
}

/**
 * `command`'s path, after `apt-get install -y <packages…>` (and `apt-get update`
 * first only when that install fails) if it was missing. Returns
 * `{ path }` or `{ reason }` saying why it is not there.
 */
export function ensureCommand(command, packages) {
  const found = findCommand(command);
  if (found) return { path: found };
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    return { reason: `${command} is not installed (apt-get install ${packages.join(" ")} needs root on Debian)` };
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: ["ignore", "ignore", "inherit"], env })
      .status === 0;
  console.log(`${command} is missing: installing Debian's ${packages.join(" ")}…`);
  if (!install()) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: ["ignore", "ignore", "inherit"], env });
    install();
  }
  const installed = findCommand(command);
  return installed
    ? { path: installed }
    : { reason: `apt-get install ${packages.join(" ")} did not provide ${command}` };
}
