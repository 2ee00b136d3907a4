import { useEffect, useState, useSyncExternalStore } from "react";
import { createPagedList, type PagedListConfig, type PageFacts } from "./paged-list.ts";
import { useDebouncedSearch } from "./use-debounced-search.ts";

export interface UsePagedListConfig<T, A extends PageFacts, F> extends PagedListConfig<T, A, F> {
  /** How long typing must pause before the search is sent. */
  searchDelayMs: number;
}

/**
 * One admin list (./paged-list.ts) in a component: its search box (debounced,
 * answered by the server), its filter (`filter`: a new value reads the first
 * page), the shown items and how to page, refresh and edit them. `config` is
 * read once, on the first render.
 */
export function usePagedList<T, A extends PageFacts, F = undefined>(config: UsePagedListConfig<T, A, F>, filter?: F) {
  const [list] = useState(() => createPagedList(config));
  const state = useSyncExternalStore(list.subscribe, list.getState, list.getState);
  const { query, setQuery, searched } = useDebouncedSearch(config.searchDelayMs);

  useEffect(() => list.connect(), [list]);
  useEffect(() => list.ask({ query: searched, filter: filter as F }), [list, searched, filter]);

  return {
    ...state,
    query,
    setQuery,
    /** The search the shown items answer (the box's text once typing paused). */
    searched,
    hasMore: state.page < state.pages,
    goToPage: list.goToPage,
    loadMore: list.loadMore,
    refresh: list.refresh,
    retry: list.retry,
    update: list.update,
  };
}
