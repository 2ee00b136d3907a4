import { useEffect, useState } from "react";
import { createLocalDrafts } from "./local-drafts.ts";
import type { RecordStore } from "./record-store.ts";

/**
 * Keeps the unsaved drafts of `owner` (their email) on this device: the
 * records of `store` from the first client render on, written before the
 * page is hidden or left, and stale ones pruned. Made once per panel.
 */
export function useLocalDrafts(owner: string, store: RecordStore) {
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
}
