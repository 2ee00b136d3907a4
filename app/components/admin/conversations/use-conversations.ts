import { useState } from "react";
import { deleteConversation, listConversations } from "../data/admin-api.ts";
import { usePagedList } from "../data/use-paged-list.ts";

const SEARCH_DELAY_MS = 300;

/**
 * The AI tab's Conversations: one page of 20 from the server at a time (the
 * admin's paged list, ../data/paged-list.ts), the "Unanswered" filter and
 * delete. Bodies (the transcripts) load when one is opened.
 */
export function useConversations() {
  const [unanswered, setUnanswered] = useState(false);
  const list = usePagedList(
    {
      searchDelayMs: SEARCH_DELAY_MS,
      paging: { kind: "pages" },
      read: ({ query, filter }, page, signal) => listConversations(query, page, filter, signal),
      items: (answer) => answer.conversations,
    },
    unanswered,
  );

  return {
    ...list,
    unanswered,
    setUnanswered,
    async remove(id: string) {
      await deleteConversation(id);
      list.refresh();
    },
  };
}
