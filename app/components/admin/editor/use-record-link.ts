import { useEffect, useEffectEvent, useRef } from "react";
import { useSearchParams } from "react-router";
import { toast } from "#app/components/ui/toaster.tsx";
import { ApiError } from "#app/lib/api.ts";
import { useEditorLanguage } from "../data/editor-language.ts";
import { linkedRecord, withoutLinkedRecord, type RecordLinkKind } from "./record-link.ts";

/** A load the server refused for good (the record is gone, or not this account's to open): trying again cannot help. */
export const refused = (cause: unknown) => cause instanceof ApiError && (cause.status === 404 || cause.status === 403);

/** What a link opens: an editor ("Edit Post", "Edit Page") that opens a record by id alone. */
export interface LinkedEditor {
  state: { status: string };
  openLinked(id: string, onRefused: (reason: string) => void): void;
}

/**
 * A link to one record (./record-link.ts: a post, a team page) opens it in its
 * editor once its tab is shown, in the link's language when it names one. While it is open,
 * the link's language follows the dialog's switch; when it closes (saved,
 * cancelled, or refused by the server) the link leaves the address, replaced
 * rather than pushed, so a reload or Back does not open it again. A record that
 * no longer exists (or that a Writer may not open) is a toast with the
 * server's reason over the tab.
 */
export function useRecordLink(kind: RecordLinkKind, editor: LinkedEditor) {
  const [params, setParams] = useSearchParams();
  const [language, setLanguage] = useEditorLanguage();
  const link = linkedRecord(kind, params);
  const id = link?.id;
  const linkedLanguage = link?.locale;
  /** The record this address opened, and whether its dialog has shown since (then its closing ends the link). */
  const opened = useRef<string | null>(null);
  const showing = useRef(false);
  const closed = editor.state.status === "closed";
  const shown = editor.state.status === "open";

  const replaceParams = useEffectEvent((change: (current: URLSearchParams) => URLSearchParams) =>
    setParams(change, { replace: true, preventScrollReset: true }),
  );

  const unlink = useEffectEvent(() => replaceParams((current) => withoutLinkedRecord(kind, current)));

  // Declared before the opening below, so the first render's closed dialog ends nothing.
  useEffect(() => {
    if (!closed) {
      showing.current = opened.current !== null;
      return;
    }
    if (!showing.current) return;
    showing.current = false;
    opened.current = null;
    unlink();
  }, [closed]);

  const open = useEffectEvent((id: string) => {
    opened.current = id;
    if (linkedLanguage) setLanguage(linkedLanguage);
    editor.openLinked(id, (reason) => toast.error("Error", { description: reason }));
  });
  useEffect(() => {
    if (id && opened.current !== id) open(id);
  }, [id]);

  // The address names the language shown, so a reload opens the record as it was left.
  const follow = useEffectEvent((shownLanguage: string) => {
    if (opened.current === null || !linkedLanguage || linkedLanguage === shownLanguage) return;
    replaceParams((current) => {
      const next = new URLSearchParams(current);
      next.set("lang", shownLanguage);
      return next;
    });
  });
  useEffect(() => {
    if (shown) follow(language);
  }, [shown, language]);
}
