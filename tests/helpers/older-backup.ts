import { writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { createBackup, restoreBackup } from "#server/backup/backup.ts";
import { openBackupSite } from "#server/cli/backup.ts";
import { mediaStorageFor } from "#server/media/storages.ts";
import type { Store } from "#server/db/store.ts";
import { tempDir } from "./api-server.ts";
import { storeEnvFor } from "./test-database.ts";

/** One line of a backup file: its header (the migrations), a table's row, a file, or its end (the row count). */
export interface BackupLine {
  table?: string;
  row?: Record<string, unknown>;
  file?: string;
  migrations?: string[];
  rows?: number;
}

/**
 * Backs up `store` (its site kept in `dataDir`) as the version before
 * migration `without` would have written it, then restores that backup into
 * a new site, as an upgrade from that version does. The header leaves out the
 * migration and every later one (that version had none of them); `rewrite` changes or drops (undefined) each line between header
 * and end, and the end line's row count follows. Returns the backup file and the new site's folder.
 */
export async function restoreOlderBackup(
  store: Store,
  dataDir: string,
  older: { without: string; rewrite?: (line: BackupLine) => BackupLine | undefined },
): Promise<{ file: string; dataDir: string }> {
  const media = mediaStorageFor(await storeEnvFor({ DATA_DIR: dataDir }), store);
  const [header, ...rest] = gunzipSync(await createBackup({ store, media }))
    .toString("utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BackupLine);
  const end = rest.pop()!;
  header!.migrations = header!.migrations!.filter((name) => name < older.without);
  const lines = older.rewrite ? rest.map(older.rewrite).filter((line): line is BackupLine => line !== undefined) : rest;
  end.rows = lines.filter((line) => line.table !== undefined).length;
  const file = path.join(tempDir("agency-backups-"), `before-${older.without}.json.gz`);
  writeFileSync(file, gzipSync([header, ...lines, end].map((line) => JSON.stringify(line)).join("\n") + "\n"));
  const target = tempDir();
  await restoreBackup(target, file, async (dir) => openBackupSite(await storeEnvFor({ DATA_DIR: dir })));
  return { file, dataDir: target };
}
