import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

/**
 * The SQLite driver, better-sqlite3, in the release this Node.js line needs.
 * Node.js 22 and 24 get release 13 (Node-API, prebuilt, one binary for both):
 * release 12 aborts Node.js 24.19 and later when the garbage collector frees a
 * statement outside JavaScript ("Assertion failed: (env) != nullptr" in
 * `RemoveEnvironmentCleanupHook`, WiseLibs/better-sqlite3#1515). Release 13 in
 * turn crashes Node.js 20, past its end of life, which still starts the site
 * (after a warning: scripts/node-version.mjs) on release 12, installed beside
 * it as `better-sqlite3-node20`. Drop that one with Node.js 20.
 */
const require = createRequire(import.meta.url);
const nodeLine = Number.parseInt(process.versions.node, 10);

export const SQLite: typeof BetterSqlite3 = require(nodeLine >= 22 ? "better-sqlite3" : "better-sqlite3-node20");
export type SqliteDatabase = BetterSqlite3.Database;
