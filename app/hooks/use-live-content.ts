import { useEffect } from "react";
import { useMatches, useRevalidator } from "react-router";
import type { DocumentKey } from "#content/sections.ts";

/** Route modules list the documents they show in `handle.documents`. */
export interface LiveHandle {
  documents?: readonly DocumentKey[];
}

/**
 * Keeps the page live: when the server announces a saved document that a
 * matched route shows, the loaders run again. Component state (scroll, an open
 * post, a half-typed message) stays as it is.
 */
export function useLiveContent() {
  const matches = useMatches();
  const revalidator = useRevalidator();
  const shown = new Set(matches.flatMap((match) => (match.handle as LiveHandle | undefined)?.documents ?? []));
  const key = [...shown].sort().join(",");

  useEffect(() => {
    if (!key) return;
    const wanted = new Set(key.split(","));
    const source = new EventSource("/api/events");
    const onContent = (event: MessageEvent<string>) => {
      const { key: saved } = JSON.parse(event.data) as { key: string };
      if (wanted.has(saved)) void revalidator.revalidate();
    };
    source.addEventListener("content", onContent);
    return () => source.close();
    // The revalidator's identity changes on every navigation; the key is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
