import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";

/**
 * Every API error has the shape `{"error": "<human message>"}` (design.md "HTTP"), plus what
 * `extra` adds: a 500's `requestId` (server/assembly/create-app.ts), a 409's `current`, field errors.
 */
export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  extra: Record<string, unknown> = {},
) {
  return c.json({ error, ...extra }, status);
}

/** Turns a zod error into one sentence per problem, naming the field. */
export function describeZodError(error: ZodError): { message: string; issues: { path: string; message: string }[] } {
  const issues = error.issues.map((issue) => {
    const path = issue.path.join(".");
    const message =
      issue.code === "unrecognized_keys"
        ? `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`
        : issue.message;
    return { path, message };
  });
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid input";
  return { message, issues };
}
