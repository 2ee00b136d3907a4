import { useCallback, useEffect, useState } from "react";
import { deleteConversation, listConversations, type ConversationPage } from "../data/admin-api.ts";
import { useDebouncedSearch } from "../data/use-debounced-search.ts";

const SEARCH_DELAY_MS = 300;

export type ConversationsStatus = "loading" | "ready" | "error";

/**
 * The AI tab's Conversations: one page from the server at a time, the search
 * (debounced, answered by the server), the "Unanswered" filter, paging and
 * delete. Bodies (the transcripts) load when one is opened.
 */
export function useConversations() {
  const [unanswered, setUnanswered] = useState(false);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<ConversationPage | null>(null);
  const [status, setStatus] = useState<ConversationsStatus>("loading");
  const [error, setError] = useState<string | null>(null);
  const [reads, setReads] = useState(0);

  const { query, setQuery, searched } = useDebouncedSearch(SEARCH_DELAY_MS, setPage);

  useEffect(() => {
    const controller = new AbortController();
    listConversations(searched, page, unanswered, controller.signal).then(
      (result) => {
        // Past the last page (after deletes): show the last one.
        if (result.conversations.length === 0 && result.page > result.pages) setPage(result.pages);
        setAnswer(result);
        setStatus("ready");
        setError(null);
      },
      (failure: Error) => {
        if (controller.signal.aborted) return;
        setStatus("error");
        setError(failure.message);
      },
    );
    return () => controller.abort();
  }, [searched, page, unanswered, reads]);

  const reload = useCallback(() => setReads((n) => n + 1), []);

  return {
    query,
    setQuery,
    searched,
    unanswered,
    setUnanswered: (value: boolean) => {
      setUnanswered(value);
      setPage(1);
    },
    page,
    setPage,
    answer,
    status,
    error,
    reload,
    async remove(id: string) {
      await deleteConversation(id);
      reload();
    },
  };
}
