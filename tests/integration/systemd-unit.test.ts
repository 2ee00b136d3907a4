import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DRAIN_MS } from "#server/assembly/drain.ts";
import { findCommand } from "../../scripts/debian-package.mjs";

// deploy/agency-site.service (issue 29): a hardened unit, checked by systemd itself where it is
// installed. docs/operations.md "Run it with systemd".

const root = path.resolve(import.meta.dirname, "../..");
const UNIT = path.join(root, "deploy/agency-site.service");
const text = readFileSync(UNIT, "utf8");

/** Every `Key=value` of the unit's section, in order (a key may repeat). */
function entries(section: string): [string, string][] {
  const lines = text.split("\n");
  const start = lines.indexOf(`[${section}]`);
  expect(start, `[${section}]`).toBeGreaterThanOrEqual(0);
  const out: [string, string][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("[")) break;
    if (!line.trim() || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    out.push([line.slice(0, eq), line.slice(eq + 1)]);
  }
  return out;
}
const service = entries("Service");
const value = (key: string) => service.filter(([k]) => k === key).map(([, v]) => v);
const one = (key: string) => {
  const values = value(key);
  expect(values, key).toHaveLength(1);
  return values[0]!;
};

describe("the systemd unit", () => {
  it("runs the built site as its own user, with its data in its state folder", () => {
    expect(one("User")).toBe("agency-site");
    expect(one("Group")).toBe("agency-site");
    expect(one("StateDirectory")).toBe("agency-site");
    expect(value("Environment")).toContain("DATA_DIR=/var/lib/agency-site");
    expect(value("Environment")).toContain("NODE_ENV=production");
    expect(value("Environment")).toContain("HOST=127.0.0.1");
    expect(one("EnvironmentFile")).toBe("/etc/agency-site/env");
    const [node, script] = one("ExecStart").split(" ");
    expect(node).toMatch(/^\/.*\/node$/);
    expect(script).toBe("scripts/start.mjs");
    expect(existsSync(path.join(root, script!))).toBe(true);
  });

  it("is hardened, restarts on failure, and gives the graceful stop its time", () => {
    for (const [key, expected] of [
      ["NoNewPrivileges", "yes"],
      ["ProtectSystem", "strict"],
      ["ProtectHome", "yes"],
      ["PrivateTmp", "yes"],
      ["PrivateDevices", "yes"],
      ["CapabilityBoundingSet", ""],
      ["Restart", "on-failure"],
      ["KillSignal", "SIGTERM"],
    ] as const)
      expect(one(key), key).toBe(expected);
    // No writable path but the state folder.
    expect(value("ReadWritePaths")).toEqual([]);
    expect(Number(one("TimeoutStopSec"))).toBeGreaterThan(DRAIN_MS / 1000 + 5);
    expect(one("WorkingDirectory")).toBe("/opt/agency-site");
  });

  const analyze = findCommand("systemd-analyze");
  const dir = mkdtempSync(path.join(tmpdir(), "agency-unit-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** The unit with this machine's Node.js in ExecStart (systemd checks that the program exists). */
  const localUnit = () => {
    const file = path.join(dir, "agency-site.service");
    writeFileSync(file, text.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
    return file;
  };

  it.skipIf(!analyze)(
    `passes systemd-analyze verify${analyze ? "" : " — skipped: systemd-analyze is not installed"}`,
    () => {
      const file = localUnit();
      const result = spawnSync(analyze!, ["verify", file], { encoding: "utf8" });
      // systemd only warns about unknown keys and bad values: any word about this unit fails.
      const about = `${result.stdout}${result.stderr}`.split("\n").filter((line) => line.includes("agency-site"));
      expect(about).toEqual([]);
      expect(result.status).toBe(0);
    },
  );

  it.skipIf(!analyze)(
    `is rated OK by systemd-analyze security${analyze ? "" : " — skipped: systemd-analyze is not installed"}`,
    () => {
      const result = spawnSync(analyze!, ["security", "--offline=true", "--threshold=20", localUnit()], {
        encoding: "utf8",
      });
      if (/unrecognized option|unknown option/i.test(result.stderr)) return; // systemd before 250: no offline rating
      expect(result.stdout).toMatch(/Overall exposure level for agency-site\.service: 1\.\d OK/);
      expect(result.status).toBe(0);
    },
  );
});
