import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureCommand } from "../../scripts/debian-package.mjs";

const SITE_CONFIG = path.resolve(import.meta.dirname, "../../deploy/nginx.conf");

export interface RunningNginx {
  url: string;
  close(): Promise<void>;
}

/** nginx's path (installed from Debian's packages when missing and running as root), or why there is none. */
export function findNginx() {
  return ensureCommand("nginx", ["nginx"]);
}

/**
 * deploy/nginx.conf as a test runs it: the TLS sections left out, plain HTTP
 * on 127.0.0.1:`listenPort`, the upstream on `upstreamPort`.
 */
export function testSiteConfig(upstreamPort: number, listenPort: number): string {
  const config = readFileSync(SITE_CONFIG, "utf8")
    .replace(/^[ \t]*# tls-begin\n[\s\S]*?^[ \t]*# tls-end\n/gm, "")
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${upstreamPort};`)
    .replace(/^([ \t]*)(server_name .*;)$/m, `$1listen 127.0.0.1:${listenPort};\n$1$2`);
  if (/\bssl\b|:3000\b/.test(config.replace(/#.*$/gm, "")))
    throw new Error("deploy/nginx.conf: a TLS line or the default upstream is outside its markers");
  return config;
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, log: string) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${readFileSync(log, "utf8")}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => (socket.destroy(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on port ${port}:\n${readFileSync(log, "utf8")}`);
}

/**
 * Starts nginx in the foreground with deploy/nginx.conf (test variant) in
 * front of the app at `upstreamUrl`; everything it writes stays in a temp
 * folder, removed on close. The surrounding http block is like Debian's stock
 * nginx.conf (gzip on), so the site file's own settings are what is tested.
 */
export async function startNginx(nginxPath: string, upstreamUrl: string): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-nginx-"));
  const port = await freePort();
  const log = path.join(dir, "error.log");
  writeFileSync(path.join(dir, "site.conf"), testSiteConfig(Number(new URL(upstreamUrl).port), port));
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${log} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  default_type application/octet-stream;
  gzip on;
  gzip_proxied any;
  include ${dir}/site.conf;
}
`,
  );
  const child = spawn(nginxPath, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForPort(port, child, log);
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode === null) {
        child.kill("SIGTERM"); // fast shutdown: open live-update streams would hold a graceful one
        const exited = once(child, "exit");
        const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
