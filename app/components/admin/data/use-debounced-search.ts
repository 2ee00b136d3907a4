import { useEffect, useState } from "react";

/**
 * A list's search box: `query` is what is typed, `searched` the trimmed text
 * the server is asked for, once typing pauses for `delayMs`.
 */
export function useDebouncedSearch(delayMs: number) {
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState("");
  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed === searched) return;
    const timer = setTimeout(() => setSearched(trimmed), delayMs);
    return () => clearTimeout(timer);
  }, [query, searched, delayMs]);
  return { query, setQuery, searched };
}
