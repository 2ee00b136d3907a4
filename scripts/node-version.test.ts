import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_NODE_LINES, unsupportedNodeWarning } from "./node-version.mjs";

const root = path.resolve(import.meta.dirname, "..");

describe("the supported Node.js lines", () => {
  it("warns in one line on a line past its end of life, naming the supported ones", () => {
    const warning = unsupportedNodeWarning("20.20.2");
    expect(warning).toBe(
      "Warning: Node.js 20.20.2 is past its end of life; this site supports Node.js 22 and 24 (see .nvmrc).",
    );
    expect(warning).not.toContain("\n");
    expect(unsupportedNodeWarning("18.19.0")).toContain("Node.js 18.19.0");
  });

  it("says nothing on a supported or newer line", () => {
    for (const version of ["22.12.0", "22.23.3", "24.21.0", "26.1.0"])
      expect(unsupportedNodeWarning(version)).toBe(undefined);
  });

  it("agrees with package.json's engines and .nvmrc", () => {
    const engines = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).engines.node as string;
    expect(engines).toBe("^22.12.0 || >=24.0.0");
    expect(readFileSync(path.join(root, ".nvmrc"), "utf8").trim()).toBe(String(SUPPORTED_NODE_LINES.at(-1)));
  });

  it("is what npm start prints first on an unsupported line", () => {
    // The start script's first step, run on this Node.js with its version faked.
    const script = `Object.defineProperty(process.versions, "node", { value: "20.20.2" }); await import(${JSON.stringify(path.join(root, "scripts/node-version.mjs"))}).then((m) => m.warnIfUnsupportedNode());`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.stderr.trim()).toBe(unsupportedNodeWarning("20.20.2"));
    expect(readFileSync(path.join(root, "scripts/start.mjs"), "utf8")).toMatch(/warnIfUnsupportedNode\(\);/);
  });
});
