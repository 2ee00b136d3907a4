import { createContext, useEffect, useState } from "react";
import type { DocumentStore } from "./document-store.ts";
import { createLocalDrafts, type LocalDrafts } from "./local-drafts.ts";

/** The signed-in admin's drafts on this device, provided once by AdminPanel (the post editor keeps its own there). */
export const LocalDraftsContext = createContext<LocalDrafts | null>(null);

/**
 * Keeps the unsaved drafts of `owner` (their email) on this device: the
 * documents of `store` from the first client render on, written before the
 * page is hidden or left, and stale ones pruned. Made once per panel.
 */
export function useLocalDrafts(owner: string, store: DocumentStore): LocalDrafts {
  const [drafts] = useState(() => createLocalDrafts(owner));
  useEffect(() => {
    drafts.prune();
    const detach = drafts.attach();
    const release = store.keepDrafts(drafts);
    return () => {
      release();
      detach();
    };
  }, [drafts, store]);
  return drafts;
}
