import { Hono } from "hono";
import type { Store } from "#server/db/store.ts";
import type { Env } from "#server/env.ts";
import type { AppBindings } from "#server/http/context.ts";
import type { Logger } from "#server/logger.ts";
import type { MediaStorage } from "#server/media/storage.ts";
import { backupFileName, createBackup } from "./backup.ts";

/** GET /api/backup: the same file `npm run backup` writes, as a download. */
export const backupRoutes = new Hono<
  AppBindings<{ store: Store; env: Env; logger: Logger; mediaStorage: MediaStorage }>
>().get("/", async (c) => {
  const { store, logger, mediaStorage } = c.var.deps;
  const data = await createBackup({ store, media: mediaStorage });
  logger.info("backup downloaded", { by: c.var.user!.id, bytes: data.length });
  c.header("Content-Type", "application/gzip");
  c.header("Content-Disposition", `attachment; filename="${backupFileName()}"`);
  c.header("Cache-Control", "no-store");
  return c.body(new Uint8Array(data));
});
