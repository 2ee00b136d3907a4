import { useCallback, useEffect, useRef, useState } from "react";
import type { LandingPageSummary } from "#content/landing-page-api.ts";
import { deletePage, listPages } from "../data/pages-api.ts";
import { pageRef } from "../data/record-ref.ts";
import { useEventStream } from "../data/use-event-stream.ts";
import { useRecordStore } from "../data/use-record-editor.ts";
import { matchingPages } from "./page-list.ts";

type ListState =
  { status: "loading" } | { status: "failed"; reason: string } | { status: "ready"; pages: LandingPageSummary[] };

const reasonOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * The Pages tab's list (issue 42): every page of the team's from GET /api/pages (a few dozen
 * campaigns, so read whole and searched here), read again when a page is saved elsewhere (the
 * record store tells that from this tab's own writes) or after this tab's writes.
 */
export function usePageList() {
  const store = useRecordStore();
  const [state, setState] = useState<ListState>({ status: "loading" });
  const [fetching, setFetching] = useState(false);
  const [query, setQuery] = useState("");
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const reading = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    setFetching(true);
    listPages(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setState({ status: "ready", pages: answer.pages });
        setFetching(false);
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        // A list already shown stays; only a first read that fails says so in its place.
        setState((current) => (current.status === "ready" ? current : { status: "failed", reason: reasonOf(cause) }));
        setFetching(false);
      },
    );
  }, []);

  useEffect(() => {
    refresh();
    return () => reading.current?.abort();
  }, [refresh]);

  useEventStream({
    page: (event) => {
      if (store.isNews("page", { type: "page", ...event })) refresh();
    },
    reconnect: refresh,
  });

  /** Deletes a page for good; rejects with the server's reason. */
  async function remove(page: LandingPageSummary): Promise<void> {
    setBusyIds((ids) => new Set(ids).add(page.id));
    try {
      await store.track(
        pageRef(page.id),
        () => deletePage(page.id),
        () => ({ ref: pageRef(page.id), deleted: true }),
      );
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(page.id);
        return next;
      });
      refresh();
    }
  }

  const all = state.status === "ready" ? state.pages : [];
  return {
    status: state.status,
    error: state.status === "failed" ? state.reason : null,
    /** The pages the search leaves, in the server's order. */
    pages: matchingPages(all, query),
    total: all.length,
    fetching,
    query,
    setQuery,
    busyIds,
    refresh,
    remove,
    retry: () => {
      setState({ status: "loading" });
      refresh();
    },
  };
}

export type PageList = ReturnType<typeof usePageList>;
