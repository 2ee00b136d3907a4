import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEvent } from "#server/events.ts";
import type { AppBindings } from "./context.ts";

export const HEARTBEAT_MS = 30_000;

/** Server-Sent Events: one `content` event per save, and a heartbeat comment. */
export const eventRoutes = new Hono<AppBindings>().get("/", (c) => {
  c.header("Cache-Control", "no-store");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    const queue: AppEvent[] = [];
    let wake: (() => void) | undefined;
    const admin = c.var.user !== null;
    const unsubscribe = c.var.deps.bus.subscribe((event) => {
      // Visitors hear content saves only; the inbox's live events are the owner's business.
      if (event.type === "message" && !admin) return;
      queue.push(event);
      wake?.();
    });
    stream.onAbort(() => {
      unsubscribe();
      wake?.();
    });
    await stream.writeSSE({ event: "ready", data: "{}", retry: 3000 });
    while (!stream.aborted && !stream.closed) {
      const event = queue.shift();
      if (event) {
        const { type, ...payload } = event;
        await stream.writeSSE({ event: type, data: JSON.stringify(payload) });
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, HEARTBEAT_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      if (queue.length === 0 && !stream.aborted) await stream.write(": heartbeat\n\n");
    }
    unsubscribe();
  });
});
