import { useMemo, useState } from "react";
import type { Locale } from "#content/locales.ts";
import { deleteConversation, listConversations } from "../data/admin-api.ts";
import { usePagedList } from "../data/use-paged-list.ts";

const SEARCH_DELAY_MS = 300;

/**
 * The AI tab's Conversations: one page of 20 from the server at a time (the
 * admin's paged list, ../data/paged-list.ts), the "Unanswered" and language
 * filters, and delete. Bodies (the transcripts) load when one is opened.
 */
export function useConversations() {
  const [unanswered, setUnanswered] = useState(false);
  const [locale, setLocale] = useState<Locale | undefined>(undefined);
  // One object per change of either: the list asks again when its filter is another object.
  const filter = useMemo(() => ({ unanswered, locale }), [unanswered, locale]);
  const list = usePagedList(
    {
      searchDelayMs: SEARCH_DELAY_MS,
      paging: { kind: "pages" },
      read: ({ query, filter }, page, signal) => listConversations(query, page, filter, signal),
      items: (answer) => answer.conversations,
    },
    filter,
  );

  return {
    ...list,
    unanswered,
    setUnanswered,
    /** Only conversations in this language; undefined: every language. */
    locale,
    setLocale,
    async remove(id: string) {
      await deleteConversation(id);
      list.refresh();
    },
  };
}
