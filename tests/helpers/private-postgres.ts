import { execFile, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { findCommand } from "../../scripts/debian-package.mjs";
import { freePort } from "./raw-http.ts";

const run = promisify(execFile);

/**
 * A PostgreSQL server of a test's own, made with initdb in a temporary folder
 * and listening on a free port of 127.0.0.1 (its socket in that folder): the
 * test may stop and start it, which the machine's shared server must never
 * be. PostgreSQL refuses to run as root: as root it runs as the `postgres`
 * user (runuser), which owns the folder.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: sessions are ended, the server is gone until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  destroy(): Promise<void>;
}

/** The folder of PostgreSQL's server programs (initdb, pg_ctl): the newest Debian one, else PATH's. */
function binDir(): string | undefined {
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(path.join(debian, v, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], "bin");
  }
  const initdb = findCommand("initdb");
  return initdb ? path.dirname(initdb) : undefined;
}

/** The `postgres` user's uid and gid, to run as when this process is root. */
function postgresUser(): { uid: number; gid: number } | undefined {
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Why a private PostgreSQL cannot be made here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!binDir()) return "initdb is not installed (Debian: apt-get install postgresql)";
  if (process.getuid?.() === 0) {
    if (!postgresUser()) return "running as root, and there is no postgres user to run PostgreSQL as";
    if (!findCommand("runuser")) return "running as root, and runuser is missing";
  }
  return undefined;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  if (!bin) throw new Error(privatePostgresUnavailable());
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "agency-pg-"));
  if (root) {
    const { uid, gid } = postgresUser()!;
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const pg = (program: string, args: string[]) =>
    root
      ? run(findCommand("runuser")!, ["-u", "postgres", "--", path.join(bin, program), ...args])
      : run(path.join(bin, program), args);
  // Never the machine's own server's port, whatever the system hands out.
  let port = await freePort();
  while (port === 5432) port = await freePort();
  let running = false;
  const start = async () => {
    await pg("pg_ctl", [
      "--pgdata",
      data,
      "--log",
      path.join(dir, "server.log"),
      "--wait",
      "--options",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
      "start",
    ]);
    running = true;
  };
  const stop = async () => {
    await pg("pg_ctl", ["--pgdata", data, "--mode", "fast", "--wait", "stop"]);
    running = false;
  };
  try {
    await pg("initdb", [
      "--pgdata",
      data,
      "--auth",
      "trust",
      "--username",
      "postgres",
      "--encoding",
      "UTF8",
      "--no-sync",
    ]);
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async destroy() {
      if (running) await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
