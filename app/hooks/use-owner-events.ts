import { useEffect, useRef } from "react";

type Listener = (event: { id: number }) => void;

// One EventSource for every owner component on the page (inbox, tab badge):
// browsers allow only six connections per host, and the panel already holds one.
const listeners = new Set<Listener>();
let source: EventSource | null = null;

function onMessage(event: MessageEvent<string>) {
  let payload: { id: number };
  try {
    payload = JSON.parse(event.data) as { id: number };
  } catch {
    return;
  }
  for (const listener of listeners) listener(payload);
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  if (!source) {
    source = new EventSource("/api/events");
    source.addEventListener("message", onMessage);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}

/** Calls `onNewMessage` for each contact message stored while the page is open (admins only hear these). */
export function useOwnerMessageEvents(onNewMessage: (event: { id: number }) => void) {
  const latest = useRef(onNewMessage);
  useEffect(() => {
    latest.current = onNewMessage;
  });
  useEffect(() => subscribe((event) => latest.current(event)), []);
}
