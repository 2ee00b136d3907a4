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
    const unsubscribe = c.var.deps.bus.subscribe((event) => {
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
        await stream.writeSSE({ event: event.type, data: JSON.stringify({ key: event.key, version: event.version }) });
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
