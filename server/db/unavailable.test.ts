import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("a database that is unavailable just now", () => {
  it("is told by PostgreSQL's codes, the network's and node-postgres's own words", () => {
    for (const error of [
      coded("sorry, too many clients already", "53300"),
      coded("terminating connection due to administrator command", "57P01"),
      coded("the database system is starting up", "57P03"),
      coded("connection failure", "08006"),
      coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      coded("read ECONNRESET", "ECONNRESET"),
      coded("database is locked", "SQLITE_BUSY"),
      coded("database is locked", "SQLITE_BUSY_SNAPSHOT"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      // Wrapped by the code above the driver.
      new Error("could not save the message", { cause: coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED") }),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it("is not a bug, bad data or a constraint", () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      coded('duplicate key value violates unique constraint "posts_slug_key"', "23505"),
      coded('syntax error at or near "selec"', "42601"),
      coded("UNIQUE constraint failed: posts.slug", "SQLITE_CONSTRAINT_UNIQUE"),
      new Error("Connection terminated"), // the site closing its own pool
      "ECONNREFUSED",
      undefined,
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
