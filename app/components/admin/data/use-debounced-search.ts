import { useEffect, useState } from "react";

/**
 * A list's search box: `query` is what is typed, `searched` the trimmed text
 * the server is asked for, once typing pauses for `delayMs`; a new search goes
 * back to the first page (`setPage`, a state setter, so it never changes).
 */
export function useDebouncedSearch(delayMs: number, setPage: (page: number) => void) {
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState("");
  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed === searched) return;
    const timer = setTimeout(() => {
      setSearched(trimmed);
      setPage(1);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [query, searched, delayMs, setPage]);
  return { query, setQuery, searched };
}
