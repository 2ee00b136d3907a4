import { useCallback, useEffect, useMemo, useState } from "react";
import { documentSchemas } from "#content/schemas.ts";
import type { DocumentKey } from "#content/sections.ts";
import type { FieldErrors } from "#app/components/admin/editor-types.ts";
import { useAdmin } from "#app/components/admin/admin-context.tsx";
import { schemaErrors } from "#app/components/admin/editor/field-errors.ts";
import { documentUrl, errorMessage, type StoredDocument } from "./use-admin-documents.ts";

export type SaveOutcome =
  | { kind: "saved"; document: StoredDocument }
  | { kind: "conflict"; current: StoredDocument }
  | { kind: "failed"; reason: string };

/** Dotted path → first message, for every problem the document's schema finds. */
export function validateDraft(key: DocumentKey, draft: unknown): FieldErrors {
  return schemaErrors(documentSchemas[key], draft);
}

/**
 * A local draft of one document: what the editor shows, what it was based
 * on, whether it differs, its validation errors, and save/reload actions.
 * Follows the shared document list: a newer server copy replaces a clean
 * draft, and is flagged (`changedElsewhere`) over a dirty one.
 */
export function useAdminDraft(key: DocumentKey) {
  const { documents, setDocument, setDirty } = useAdmin();
  const latest = documents[key]!;
  const [base, setBase] = useState<StoredDocument>(latest);
  const [draft, setDraft] = useState<unknown>(latest.data);

  const baseJson = useMemo(() => JSON.stringify(base.data), [base]);
  const dirty = useMemo(() => JSON.stringify(draft) !== baseJson, [draft, baseJson]);
  const errors = useMemo(() => validateDraft(key, draft), [key, draft]);
  const changedElsewhere = latest.version > base.version && dirty;

  useEffect(() => {
    if (latest.version > base.version && !dirty) {
      setBase(latest);
      setDraft(latest.data);
    }
  }, [latest, base.version, dirty]);

  useEffect(() => {
    setDirty(key, dirty);
  }, [key, dirty, setDirty]);
  useEffect(() => () => setDirty(key, false), [key, setDirty]);

  /** Replaces the draft with a server copy (discarding local edits). */
  const adopt = useCallback(
    (doc: StoredDocument) => {
      setDocument(doc);
      setBase(doc);
      setDraft(doc.data);
    },
    [setDocument],
  );

  const save = useCallback(
    async (version: number = base.version): Promise<SaveOutcome> => {
      let response: Response;
      try {
        response = await fetch(documentUrl(key), {
          method: "PUT",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ version, data: draft }),
        });
      } catch {
        return { kind: "failed", reason: "The server could not be reached. Check your connection and try again." };
      }
      if (response.status === 409) {
        const body = (await response.json().catch(() => null)) as { current?: StoredDocument } | null;
        if (body?.current) {
          setDocument(body.current);
          return { kind: "conflict", current: body.current };
        }
      }
      if (!response.ok) return { kind: "failed", reason: await errorMessage(response) };
      const saved = (await response.json()) as StoredDocument;
      setDocument(saved);
      setBase(saved);
      // Keep what the user sees; the server's normalised copy becomes the new base.
      setDraft(saved.data);
      return { kind: "saved", document: saved };
    },
    [key, draft, base.version, setDocument],
  );

  return { base, latest, draft, setDraft, dirty, errors, changedElsewhere, adopt, save };
}
