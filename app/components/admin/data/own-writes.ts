import { recordKey, type RecordKey, type RecordKind, type RecordRef } from "./record-ref.ts";

/** What a write stored: a record at a version, or its deletion. */
export type Wrote = { ref: RecordRef; version: number } | { ref: RecordRef; deleted: true };

/**
 * Tells the live events of this tab's own writes (saves, restores, deletes)
 * from other people's, so nothing is fetched again for them. The server may
 * announce a write before or after it answers it:
 * - while a record is being written, its events are held back, and the write's
 *   end says the newest version heard meanwhile (a newer one is someone else's);
 * - while any record of a kind is being written, lists of that kind treat every
 *   event of the kind as an echo (they are read again when the write ends);
 * - afterwards, an event at or below a version this tab wrote (or of a record it
 *   deleted) is an echo.
 */
export function createOwnWrites() {
  const kinds = new Map<RecordKind, number>();
  const flights = new Map<RecordKey, { count: number; heard: number }>();
  /** Record → the newest version this tab wrote (Infinity once it deleted it). */
  const written = new Map<RecordKey, number>();

  return {
    /**
     * Starts a write of `ref` (a record not stored yet: its kind's new key); call the returned
     * function once when it ends, with what it wrote if it succeeded. The last write of `ref`
     * to end answers the newest version of it announced meanwhile (0: none).
     */
    begin(ref: RecordRef): (wrote?: Wrote) => number {
      const key = recordKey(ref);
      const flight = flights.get(key) ?? { count: 0, heard: 0 };
      flight.count += 1;
      flights.set(key, flight);
      kinds.set(ref.kind, (kinds.get(ref.kind) ?? 0) + 1);
      let ended = false;
      return (wrote) => {
        if (ended) return 0;
        ended = true;
        kinds.set(ref.kind, (kinds.get(ref.kind) ?? 1) - 1);
        flight.count -= 1;
        if (flight.count === 0) flights.delete(key);
        if (wrote) {
          const done = recordKey(wrote.ref);
          const version = "deleted" in wrote ? Number.POSITIVE_INFINITY : wrote.version;
          written.set(done, Math.max(version, written.get(done) ?? 0));
        }
        // Overlapping writes of one record: the news heard is for the last one to end.
        return flight.count === 0 ? flight.heard : 0;
      };
    },

    /** Whether a write of this kind is in flight (a list read now would be read again when it ends). */
    busy(kind: RecordKind): boolean {
      return (kinds.get(kind) ?? 0) > 0;
    },

    /**
     * Whether news of `ref` at `version` is this tab's own: the record is being written
     * (the version is noted for the write's end), or this tab wrote that version or a
     * newer one; a deletion is an echo once this tab deleted it.
     */
    isEcho(ref: RecordRef, version: number, deleted = false): boolean {
      const key = recordKey(ref);
      const flight = flights.get(key);
      if (flight) {
        if (!deleted) flight.heard = Math.max(flight.heard, version);
        return true;
      }
      const wrote = written.get(key);
      if (wrote === undefined) return false;
      return deleted ? wrote === Number.POSITIVE_INFINITY : version <= wrote;
    },
  };
}

export type OwnWrites = ReturnType<typeof createOwnWrites>;
