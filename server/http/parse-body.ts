import type { Context } from "hono";
import { z } from "zod";
import { describeZodError, jsonError } from "./errors.ts";

type Refused = { ok: false; response: Response };

/** Reads a JSON body, or the answer to send: 415 when it is not sent as JSON, 400 when it does not parse. */
export async function readJson(c: Context): Promise<{ ok: true; body: unknown } | Refused> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: jsonError(c, 415, "Send the body as JSON (Content-Type: application/json).") };
  }
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false, response: jsonError(c, 400, "The request body is not valid JSON.") };
  }
}

/**
 * The request's JSON body checked against `schema` (zod's, or zod/mini's as
 * content/chat.ts builds): the typed data, or the answer to send (415 or 400
 * as `readJson`, or 400 naming the first problem).
 */
export async function parseBody<S extends z.core.$ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | Refused> {
  const read = await readJson(c);
  if (!read.ok) return read;
  const result = z.safeParse(schema, read.body);
  if (!result.success) return { ok: false, response: jsonError(c, 400, describeZodError(result.error).message) };
  return { ok: true, data: result.data };
}
