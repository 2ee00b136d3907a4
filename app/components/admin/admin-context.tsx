import { createContext, useContext } from "react";
import type { DocumentKey } from "#content/sections.ts";
import type { AdminDocuments, StoredDocument } from "#app/hooks/use-admin-documents.ts";

export interface AdminContextValue {
  /** Latest known server copy of each document. */
  documents: AdminDocuments;
  setDocument: (doc: StoredDocument) => void;
  /** Editors report whether they hold unsaved changes, so the shell can ask before they are lost. */
  setDirty: (key: DocumentKey, dirty: boolean) => void;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error("useAdmin must be used inside the admin panel.");
  return value;
}
