import type { ServerResponse } from "node:http";
import { Hono } from "hono";
import { heldToOwn } from "#content/access.ts";
import { may } from "#content/roles.ts";
import type { AppBindings } from "#server/http/context.ts";
import { READY_FRAME, type Audience, type SseClient, type SseHub } from "./sse-hub.ts";

const HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
  // Also keeps @hono/node-server from reading the stream ahead (server/http/encoding.ts never compresses event streams).
  "Transfer-Encoding": "chunked",
};

/**
 * Server-Sent Events: `ready`, then the live events (content/live-events.ts): one `content`
 * event per document save and one `post` per post save, and `message`, `preview` and `analytics` for Administrators and Editors; a heartbeat comment
 * every 30 s. Streams are served by the server's one broadcaster (./sse-hub.ts), passed in
 * with the deps.
 */
export const eventRoutes = new Hono<AppBindings<{ sse: SseHub }>>().get("/", (c) => {
  const hub = c.var.deps.sse;
  // The admins' events (new messages, Insights, previews' tokens) go to those who may read the
  // messages; changes to posts visitors never see, to those who may read the post (#content/access.ts):
  // a Writer hears their own.
  const user = c.var.user;
  const audience: Audience = {
    admin: user !== null && may(user.role, "GET /api/messages"),
    allPosts: user !== null && may(user.role, "GET /api/posts/:id") && !heldToOwn(user, "post"),
    userId: user?.id ?? null,
  };
  // Under @hono/node-server the raw response is at hand: once its headers are out,
  // frames go straight to the socket instead of through a web stream per client.
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  let remove: (() => void) | undefined;
  let started = false;

  const body = new ReadableStream<Uint8Array>(
    {
      // With a high-water mark of 0, the first pull is the server's first read: the headers have been written.
      pull(controller) {
        if (started) return;
        started = true;
        if (outgoing?.destroyed) return; // the client left already
        if (outgoing?.headersSent) {
          const client: SseClient = {
            audience,
            write(frame) {
              if (outgoing.destroyed) return Infinity;
              outgoing.write(frame);
              return outgoing.writableLength;
            },
            drop: () => outgoing.destroy(),
            end: () => outgoing.end(),
          };
          outgoing.write(READY_FRAME);
          remove = hub.add(client);
          outgoing.once("close", () => remove?.());
          // Nothing is ever enqueued: the read stays pending until the connection closes (cancel).
          return;
        }
        // Any other server: frames go through the web stream.
        const client: SseClient = {
          audience,
          write(frame) {
            controller.enqueue(frame);
            return -(controller.desiredSize ?? 0);
          },
          drop: () => controller.error(new Error("The client stopped reading events.")),
          end: () => controller.close(),
        };
        controller.enqueue(READY_FRAME);
        remove = hub.add(client);
      },
      cancel() {
        remove?.();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
  return c.body(body, 200, HEADERS);
});
