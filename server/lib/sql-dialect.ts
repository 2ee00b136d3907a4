/** Which database a store runs on; every query runs on both (docs/decisions/006-postgresql.md). */
export type SqlDialect = "sqlite" | "postgres";

/**
 * Whether the database refused a statement for the values it was given, so
 * that it fails again however often it is tried: PostgreSQL's data
 * exceptions and constraint violations (SQLSTATE classes 22 and 23), SQLite's
 * constraint, type and size errors. Not when the database is away or busy.
 */
export function refusesValues(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === "string" && /^(2[23][0-9A-Z]{3}|SQLITE_(CONSTRAINT|MISMATCH|TOOBIG)\w*)$/.test(code);
}
