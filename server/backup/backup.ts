import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { createGzip, gunzipSync } from "node:zlib";
import { MEDIA_FILE_PATTERN, MEDIA_ID_PATTERN } from "#content/media.ts";
import { backupsDir } from "#server/lib/data-dir.ts";
import { contentTypeOf, type MediaStorage } from "#server/media/storage.ts";
import type { BackupStore, StoreDump } from "./types.ts";

/**
 * One gzip'd JSON-lines file (docs/decisions/004-admin-side.md): a header,
 * one line per table row, one per media file (base64), and an end line with
 * the counts, so a truncated file is always noticed.
 */
export const BACKUP_FORMAT = "lanka-growth-partners-backup";
export const BACKUP_VERSION = 1;

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  migrations: string[];
}

type Line =
  | { table: string; row: Record<string, unknown> }
  | { file: string; sha256: string; data: string }
  | { end: true; rows: number; files: number };

export interface BackupContents {
  header: Header;
  dump: StoreDump;
  files: { path: string; data: Buffer }[];
}

export class BackupError extends Error {
  override name = "BackupError";
}

const FILE_PATH = new RegExp(`^${MEDIA_ID_PATTERN}/${MEDIA_FILE_PATTERN}$`);
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** `backup-YYYYMMDD-HHMMSS.json.gz` for the given moment (local time). */
export function backupFileName(at = new Date()): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `backup-${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}.json.gz`;
}

/**
 * What a backup reads and a restore fills: the database (the app's store, or
 * any with a backup part) and the storage of the images' files, whichever
 * MEDIA_STORAGE chose. The file lines are the same for every storage, so a
 * backup restores into a site with another storage: the way to move.
 */
export interface BackupSite {
  store: { backup: BackupStore };
  media: MediaStorage;
}

/**
 * The backup's lines: the header, a line per row, a line per media file and the end line.
 * Made one at a time: a grown site's backup is larger than one JavaScript string may be.
 */
async function* backupLines(dump: StoreDump, media: MediaStorage): AsyncGenerator<string> {
  const header: Header = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    migrations: dump.migrations,
  };
  yield JSON.stringify(header);
  let rows = 0;
  for (const [table, tableRows] of Object.entries(dump.tables)) {
    for (const row of tableRows) yield JSON.stringify({ table, row } satisfies Line);
    rows += tableRows.length;
  }
  let files = 0;
  for (const item of dump.tables["media"] ?? []) {
    // Each image's files, as server/media stores them: JSON [{ name, … }].
    // With a replaced file's earlier versions (0020-media-library), which older revisions still show.
    const retired = item["retired_files"] === undefined ? [] : JSON.parse(String(item["retired_files"]));
    for (const file of [...JSON.parse(String(item["files"])), ...retired] as { name: string }[]) {
      const relative = `${String(item["id"])}/${file.name}`;
      const stored = await media.get(String(item["id"]), file.name);
      if (!stored) throw new Error(`The image file ${relative} is missing from the ${media.kind} media storage.`);
      const data = Buffer.from(stored.bytes.buffer, stored.bytes.byteOffset, stored.bytes.byteLength);
      yield JSON.stringify({ file: relative, sha256: sha256(data), data: data.toString("base64") } satisfies Line);
      files += 1;
    }
  }
  yield JSON.stringify({ end: true, rows, files } satisfies Line);
}

/** A consistent backup: every table read in one transaction; media files are immutable once listed. */
export async function createBackup({ store, media }: BackupSite): Promise<Buffer> {
  const dump = await store.backup.dump();
  // Compressed line by line: only the (much smaller) gzip output is kept whole.
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = once(gzip, "end");
  for await (const line of backupLines(dump, media)) {
    if (!gzip.write(`${line}\n`)) await once(gzip, "drain");
  }
  gzip.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The lines of the uncompressed backup, each decoded on its own (the whole may exceed a string's limit). */
function* linesOf(raw: Buffer): Generator<string> {
  for (let start = 0; start < raw.length;) {
    const newline = raw.indexOf(0x0a, start);
    const end = newline === -1 ? raw.length : newline;
    if (end > start) yield raw.toString("utf8", start, end);
    start = end + 1;
  }
}

/** Reads and checks a whole backup in memory; throws a BackupError saying what is wrong. */
export function readBackup(compressed: Buffer): BackupContents {
  let raw: Buffer;
  try {
    raw = gunzipSync(compressed);
  } catch (error) {
    const truncated = /unexpected end/i.test(String(error));
    throw new BackupError(
      truncated
        ? "The backup file is truncated (it ends too early)."
        : "This is not a backup file (it is not gzip-compressed).",
    );
  }
  const lines = linesOf(raw);
  const parse = (line: string, index: number): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new BackupError(`The backup file is damaged: line ${index + 1} is not valid.`);
    }
  };
  const header = parse(lines.next().value ?? "", 0) as Partial<Header>;
  if (header?.format !== BACKUP_FORMAT) throw new BackupError("This is not a backup of this site.");
  if (header.version !== BACKUP_VERSION)
    throw new BackupError(
      `This backup has format version ${String(header.version)}; this site reads version ${BACKUP_VERSION}.`,
    );
  if (!Array.isArray(header.migrations)) throw new BackupError("The backup file is damaged: its header is incomplete.");

  const dump: StoreDump = { migrations: header.migrations.map(String), tables: {} };
  const files: BackupContents["files"] = [];
  let end: { rows: number; files: number } | undefined;
  let rows = 0;
  let i = 0;
  for (const line of lines) {
    const entry = parse(line, ++i) as Record<string, unknown>;
    if (end) throw new BackupError("The backup file is damaged: it goes on after its end.");
    if (typeof entry["table"] === "string" && entry["row"] && typeof entry["row"] === "object") {
      (dump.tables[entry["table"]] ??= []).push(entry["row"] as Record<string, unknown>);
      rows += 1;
    } else if (typeof entry["file"] === "string" && typeof entry["data"] === "string") {
      if (!FILE_PATH.test(entry["file"]))
        throw new BackupError(`The backup names a file "${entry["file"]}" outside the media folder; refused.`);
      const data = Buffer.from(entry["data"], "base64");
      if (sha256(data) !== entry["sha256"])
        throw new BackupError(`The backup file is damaged: media file ${entry["file"]} does not match its checksum.`);
      files.push({ path: entry["file"], data });
    } else if (entry["end"] === true) {
      end = { rows: Number(entry["rows"]), files: Number(entry["files"]) };
    } else {
      throw new BackupError(`The backup file is damaged: line ${i + 1} is not understood.`);
    }
  }
  if (!end) throw new BackupError("The backup file is truncated (its end marker is missing).");
  if (end.rows !== rows || end.files !== files.length) {
    throw new BackupError(
      `The backup file is damaged: it should hold ${end.rows} rows and ${end.files} files, but holds ${rows} and ${files.length}.`,
    );
  }
  return { header: header as Header, dump, files };
}

/** Writes a backup to `file` (atomically) or to DATA_DIR/backups/backup-….json.gz; returns the path. */
export async function writeBackup(site: BackupSite, dataDir: string, file?: string): Promise<string> {
  const target = path.resolve(file ?? path.join(backupsDir(dataDir), backupFileName()));
  const data = await createBackup(site);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.partial`;
  await writeFile(temporary, data);
  await rename(temporary, target);
  return target;
}

/**
 * Restores a backup into an empty (or missing) data folder and the empty
 * site `open` gives for it (the CLI's: with DATABASE_URL, an empty
 * PostgreSQL database, else SQLite in the folder; the images into the storage
 * MEDIA_STORAGE names). A backup taken from either database, and either
 * storage, restores into either. The file is read and checked whole first, so
 * a bad file writes nothing; the rows are loaded in one transaction, after the
 * media files, and a failure removes the files.
 */
export async function restoreBackup(
  dataDir: string,
  file: string,
  open: (dataDir: string) => Promise<BackupSite & { close(): Promise<void> }>,
): Promise<{ rows: number; files: number }> {
  const target = path.resolve(dataDir);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new BackupError(
      `The data folder ${target} is not empty. Restore only into an empty folder (set DATA_DIR to a new one).`,
    );
  }
  let compressed: Buffer;
  try {
    compressed = await readFile(file);
  } catch {
    throw new BackupError(`Cannot read the backup file ${file}.`);
  }
  const contents = readBackup(compressed);
  const existed = existsSync(target);
  try {
    const site = await open(target);
    const written = new Set<string>();
    try {
      for (const entry of contents.files) {
        const [id, name] = entry.path.split("/") as [string, string];
        written.add(id);
        await site.media.put(id, name, entry.data, contentTypeOf(name));
      }
      await site.store.backup.load(contents.dump);
    } catch (error) {
      // Files in the database are not in the folder emptied below.
      for (const id of written) await site.media.delete(id).catch(() => undefined);
      throw error;
    } finally {
      await site.close();
    }
  } catch (error) {
    // The folder was empty: put it back that way.
    for (const name of existsSync(target) ? readdirSync(target) : [])
      await rm(path.join(target, name), { recursive: true, force: true });
    if (!existed) await rm(target, { recursive: true, force: true });
    throw error;
  }
  const rows = Object.values(contents.dump.tables).reduce((sum, list) => sum + list.length, 0);
  return { rows, files: contents.files.length };
}
