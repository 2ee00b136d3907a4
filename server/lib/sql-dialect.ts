/** Which database a store runs on; every query runs on both (docs/decisions/006-postgresql.md). */
export type SqlDialect = "sqlite" | "postgres";
