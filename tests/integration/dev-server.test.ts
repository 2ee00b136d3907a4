import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultHome } from "#content/defaults.ts";

/**
 * `npm run dev` (scripts/dev.mjs) as a developer starts it: the real server
 * with Vite in front, on a free port, with its own data folder (SQLite).
 */
const root = path.resolve(import.meta.dirname, "../..");
let child: ChildProcess;
let url: string;
let dataDir: string;
let output = "";

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-dev-"));
  child = spawn(process.execPath, [path.join(root, "scripts/dev.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: string) => {
      output += chunk;
      const running = /Site running at (http:\/\/\S+)/.exec(output);
      if (running) resolve(running[1]!);
    };
    child.stdout!.setEncoding("utf8").on("data", onData);
    child.stderr!.setEncoding("utf8").on("data", onData);
    child.once("exit", (code, signal) =>
      reject(new Error(`npm run dev exited (${code ?? signal}) before it started:\n${output}`)),
    );
  });
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe("npm run dev", () => {
  it("prints the setup link, as npm start does", () => {
    expect(output).toMatch(/Create the first one at: http:\/\/\S+\/admin\/setup\?token=/);
  });

  it("renders the Home page from the database, with the production CSP and Vite's hot reload", async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    const html = await response.text();
    expect(html).toContain(defaultHome.hero.title);
    expect(html).toContain("inject-hmr-runtime");
  }, 60_000);

  it("serves Vite's client, the API and the health check", async () => {
    const client = await fetch(`${url}/@vite/client`);
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toMatch(/javascript/);
    await client.arrayBuffer();
    const home = await fetch(`${url}/api/content/home`);
    expect(home.status).toBe(200);
    expect(JSON.stringify(await home.json())).toContain(defaultHome.hero.title);
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
  }, 30_000);
});
