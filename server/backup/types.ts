/** Raw rows of every persistent table (sessions, rate counters, preview drafts, raw page views and salts excluded), read in one transaction. */
export interface StoreDump {
  migrations: string[];
  tables: Record<string, Record<string, unknown>[]>;
}

export interface BackupStore {
  /** A consistent snapshot of every table but sessions, rate counters, preview drafts, raw page views and salts. */
  dump(): Promise<StoreDump>;
  /** Loads a dump into this (empty) store in one transaction; throws and writes nothing on any problem. */
  load(dump: StoreDump): Promise<void>;
}
