import { useCallback, useEffect, useRef, useState } from "react";
import { AI_SETTINGS_KEY, type DocumentKey } from "#content/sections.ts";
import type { StoredDocument } from "#server/content/types.ts";

export type { StoredDocument };
export type AdminDocuments = Partial<Record<DocumentKey, StoredDocument>>;

/** The API address of a document: AI settings live under their own path. */
export function documentUrl(key: DocumentKey): string {
  return key === AI_SETTINGS_KEY ? "/api/ai-settings" : `/api/content/${key}`;
}

/** The server's `{error}` message of a failed response, or a plain fallback. */
export async function errorMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === "string" ? body.error : `The server answered ${response.status}.`;
}

export async function fetchDocument(key: DocumentKey): Promise<StoredDocument> {
  const response = await fetch(documentUrl(key), { headers: { Accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(await errorMessage(response));
  return (await response.json()) as StoredDocument;
}

/**
 * The latest known server copy of every document the admin edits. Starts from
 * the route loader, follows saves made here (`setDocument`) and, through
 * /api/events, saves made anywhere else.
 */
export function useAdminDocuments(initial: AdminDocuments) {
  const [documents, setDocuments] = useState<AdminDocuments>(initial);
  const versions = useRef(new Map<DocumentKey, number>());
  for (const [key, doc] of Object.entries(documents)) versions.current.set(key as DocumentKey, doc.version);

  const setDocument = useCallback((doc: StoredDocument) => {
    setDocuments((current) => {
      const known = current[doc.key];
      if (known && known.version > doc.version) return current;
      return { ...current, [doc.key]: doc };
    });
  }, []);

  useEffect(() => {
    const source = new EventSource("/api/events");
    const onContent = (event: MessageEvent<string>) => {
      const { key, version } = JSON.parse(event.data) as { key: DocumentKey; version: number };
      if (!versions.current.has(key) || version <= (versions.current.get(key) ?? 0)) return;
      fetchDocument(key).then(setDocument, () => {
        // A missed live update is caught by the next save's version check (409).
      });
    };
    source.addEventListener("content", onContent);
    return () => source.close();
  }, [setDocument]);

  return { documents, setDocument };
}
