import { useEffect, useRef, useState } from "react";
import type { LandingPageSummary } from "#content/landing-page-api.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import { locales } from "#content/locales.ts";
import { deletePageTranslation } from "../data/pages-api.ts";
import { inAnyLanguage, pageRef, sameRecord, type RecordRef, type StoredRecord } from "../data/record-ref.ts";
import type { SaveOutcome } from "../data/record-store.ts";
import { useRecordStore } from "../data/use-record-editor.ts";
import { refused } from "../editor/use-record-link.ts";
import { pageName } from "./page-list.ts";

/** Which page the editor shows: none, one being read or that could not be, or one open in the record store. */
export type PageEditorState =
  | { status: "closed" }
  | { status: "loading"; id: string; title: string }
  | { status: "failed"; id: string; title: string; reason: string }
  | { status: "open"; page: RecordRef };

const reasonOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * "Edit Page" over the admin's record store, as "Edit Post" is (../posts/use-post-editor.ts): a row
 * opens its page (read first), "New page" holds one not stored yet, Save stores the language shown
 * and closes unless another language still holds edits, Cancel discards them. Each language of a
 * page is a record of its own (`page:<id>@si`). The list is read again after each write.
 */
export function usePageEditor(list: { refresh(): void }) {
  const store = useRecordStore();
  const [state, setState] = useState<PageEditorState>({ status: "closed" });
  const loading = useRef<string | null>(null);
  const open = state.status === "open" ? state.page : null;

  // The store holds the open page, in each language opened, while the editor shows it; drafts kept on the device stay.
  useEffect(
    () =>
      open
        ? () => {
            for (const locale of locales) store.release(pageRef(open.id, locale));
          }
        : undefined,
    [store, open],
  );

  /** Loads page `id`, then shows it; `onRefused`, when given, is told instead of "Edit Page" showing a refusal. */
  function load(id: string, title: string, onRefused?: (reason: string) => void) {
    const page = pageRef(id);
    loading.current = id;
    setState({ status: "loading", id, title });
    store.open(page).then(
      () => {
        if (loading.current === id) setState({ status: "open", page });
        else store.release(page);
      },
      (cause: unknown) => {
        if (loading.current !== id) return;
        if (onRefused && refused(cause)) {
          loading.current = null;
          setState({ status: "closed" });
          onRefused(reasonOf(cause));
        } else setState({ status: "failed", id, title, reason: reasonOf(cause) });
      },
    );
  }

  function close() {
    loading.current = null;
    if (open) store.discard(inAnyLanguage(open));
    setState({ status: "closed" });
  }

  return {
    state,
    open: (page: LandingPageSummary) => load(page.id, pageName(page.title)),
    /**
     * Opens page `id` from a link (`?tab=pages&page=<id>`, ../editor/record-link.ts), its title not
     * known yet. A page that no longer exists, or that this account may not open, is not shown:
     * `onRefused` gets the server's reason.
     */
    openLinked: (id: string, onRefused: (reason: string) => void) => load(id, "", onRefused),
    retry: () => state.status === "failed" && load(state.id, state.title),
    /** Opens a new, unsaved page. */
    create(data: LandingPage) {
      const page = pageRef(null);
      store.create(page, data);
      setState({ status: "open", page });
    },
    /**
     * Saves the open page in the language of `page` (over `version`: default the version it started from;
     * the conflict's to overwrite it); closes once saved, unless `keepOpen` or another language has edits.
     */
    async save(page: RecordRef, { version, keepOpen = false }: { version?: number; keepOpen?: boolean } = {}) {
      if (!open) return { kind: "failed", reason: "No page is open." } satisfies SaveOutcome;
      const outcome = await store.save(page, version);
      list.refresh();
      // A new page closes once stored, as a new post does; a stored one stays open when asked ("Use B").
      if (outcome.kind === "saved" && (open.id === null || !keepOpen) && !store.isDirty(inAnyLanguage(open)))
        setState({ status: "closed" });
      return outcome;
    },
    async restore(page: RecordRef, revision: number): Promise<StoredRecord> {
      try {
        return await store.restore(page, revision);
      } finally {
        list.refresh();
      }
    },
    /** Deletes the translation `page` names (its language of a stored page); rejects with the server's reason. */
    async removeTranslation(page: RecordRef): Promise<void> {
      const { id, locale } = page;
      if (id === null || !locale) throw new Error("Only a translation of a saved page can be deleted here.");
      try {
        // Not noted as a deletion of the record: a new translation may be saved under its key again.
        await store.track(
          page,
          () => deletePageTranslation(id, locale),
          () => undefined,
        );
      } finally {
        list.refresh();
      }
      store.discard((ref) => sameRecord(ref, page));
      store.release(page);
    },
    close,
  };
}

export type PageEditor = ReturnType<typeof usePageEditor>;
