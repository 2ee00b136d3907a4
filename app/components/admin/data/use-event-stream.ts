import { useEffect, useRef } from "react";
import { subscribeToEvents, type EventHandlers } from "#app/lib/event-stream.ts";
import { LIVE_EVENT_READERS } from "#content/live-event-readers.ts";
import { LIVE_EVENT_NAMES } from "#content/live-events.ts";

/**
 * `subscribeToEvents` for a component, always calling its latest handlers.
 * Only the admin uses it, so it lives here, out of the module every public page loads.
 */
export function useEventStream(handlers: EventHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      // Every event there is (content/live-events.ts), each passed to the latest handlers.
      subscribeToEvents({
        ...(Object.fromEntries(
          LIVE_EVENT_NAMES.map((name) => [
            name,
            (event: unknown) => (latest.current[name] as ((event: unknown) => void) | undefined)?.(event),
          ]),
        ) as EventHandlers),
        reconnect: () => latest.current.reconnect?.(),
        readers: LIVE_EVENT_READERS,
      }),
    [],
  );
}
