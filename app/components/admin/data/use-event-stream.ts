import { useEffect, useRef } from "react";
import { subscribeToEvents, type EventHandlers } from "#app/lib/event-stream.ts";

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
      subscribeToEvents({
        content: (event) => latest.current.content?.(event),
        message: (event) => latest.current.message?.(event),
        preview: (event) => latest.current.preview?.(event),
        analytics: (event) => latest.current.analytics?.(event),
        reconnect: () => latest.current.reconnect?.(),
      }),
    [],
  );
}
