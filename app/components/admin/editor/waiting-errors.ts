import { useCallback, useEffect, useMemo, useState, type FocusEvent } from "react";
import type { FieldErrors } from "../editor-types.ts";

/** The attribute a text control carries with its field's path (`answers.4.answer`): leaving it shows its message. */
export const FIELD_PATH_ATTRIBUTE = "data-field-path";

/** The value at dotted `path` in `value` ("answers.4.answer"), if any. */
function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const key of path.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

const isEmptyText = (value: unknown) => typeof value === "string" && value.trim() === "";

export interface WaitingErrors {
  /** The messages to show now: all but those of empty fields not yet left. */
  shown: FieldErrors;
  /** For the editor's frame: a field left (focus moved out of it) shows its message from then on. */
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  /** Whether a save may go ahead: when some message still waits, shows them all and says no. */
  trySave: () => boolean;
}

/**
 * The errors an editor shows (docs/product.md "Editing and saving"): a message shows as soon as
 * a field breaks its rule, except that an empty field's waits until the person leaves that field
 * or tries to save: a new entry ("Add Answer", Conversations' "Add an answer") is not wrong before
 * anything was typed in it. Once no field has a problem, a field emptied later waits again.
 */
export function useWaitingErrors(errors: FieldErrors, draft: unknown): WaitingErrors {
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const clean = Object.keys(errors).length === 0;
  useEffect(() => {
    if (!clean) return;
    setTried(false);
    setLeft((before) => (before.size === 0 ? before : new Set()));
  }, [clean]);

  const shown = useMemo(() => {
    if (tried) return errors;
    return Object.fromEntries(
      Object.entries(errors).filter(([path]) => left.has(path) || !isEmptyText(valueAt(draft, path))),
    );
  }, [errors, draft, left, tried]);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    const path = event.target.getAttribute(FIELD_PATH_ATTRIBUTE);
    if (path) setLeft((before) => (before.has(path) ? before : new Set([...before, path])));
  }, []);

  const trySave = () => {
    if (Object.keys(shown).length === Object.keys(errors).length) return true;
    setTried(true);
    return false;
  };

  return { shown, onBlur, trySave };
}
