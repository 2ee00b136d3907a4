import { useEffect, useState, useSyncExternalStore } from "react";
import { recordKey, type RecordRef } from "./record-ref.ts";
import { useRecordStore } from "./use-record-editor.ts";

export type OpenRecord =
  { status: "open" } | { status: "loading" } | { status: "failed"; reason: string; retry(): void };

/**
 * Makes sure the record store holds `ref`, loading it when it does not (a
 * document's texts in another language, the first time that language is
 * chosen): whether it is there, on its way, or could not be read and why.
 * `ref` should keep its identity between renders.
 */
export function useOpenRecord(ref: RecordRef): OpenRecord {
  const store = useRecordStore();
  const held = useSyncExternalStore(
    store.subscribe,
    () => store.find(ref) !== undefined,
    () => store.find(ref) !== undefined,
  );
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<{ key: string; reason: string } | null>(null);

  useEffect(() => {
    if (store.find(ref)) return;
    let cancelled = false;
    store.open(ref).then(
      () => !cancelled && setFailure(null),
      (error: unknown) =>
        !cancelled &&
        setFailure({ key: recordKey(ref), reason: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [store, ref, attempt]);

  if (held) return { status: "open" };
  if (failure?.key === recordKey(ref))
    return {
      status: "failed",
      reason: failure.reason,
      retry: () => {
        setFailure(null);
        setAttempt((n) => n + 1);
      },
    };
  return { status: "loading" };
}
