import { canonicalPagePath } from "#content/public-pages.ts";
import type { Store } from "#server/db/store.ts";

/** One conversion: when (ISO instant) and the page it came from. */
export interface Conversion {
  at: string;
  page: string;
}

/**
 * A chat, or a lead from one, on a page that is not a public page's address (the chat panel sends
 * what the browser shows; a visitor can send anything), or a lead stored before leads had a page
 * column whose text named none: counted under this.
 */
const SOME_CHAT_PAGE = "(chat)";

/** The page a conversion is counted on: the canonical address of a public page (content/public-pages.ts). */
const pageOf = (page: string | undefined) =>
  (page === undefined ? undefined : canonicalPagePath(page)) ?? SOME_CHAT_PAGE;

async function messagesFrom(store: Store, source: "form" | "chat", from: string, to: string) {
  return (await store.messages.sentBetween(from, to))
    .filter((message) => message.source === source)
    .map(({ at, page }) => ({ at, page: pageOf(page) }));
}

/**
 * What counts as a conversion, one entry per kind: the report counts each per
 * day and per page (the keys are the report's field names). `from` and `to`
 * are ISO instants (`to` excluded).
 */
export const CONVERSIONS = {
  /** Contact messages from the Contact form (deleted ones left out). */
  messages: (store: Store, from: string, to: string): Promise<Conversion[]> => messagesFrom(store, "form", from, to),
  /** Chats whose first question was asked, on the page the chat was opened on. */
  chats: async (store: Store, from: string, to: string): Promise<Conversion[]> =>
    (await store.conversations.startedBetween(from, to)).map(({ startedAt, page }) => ({
      at: startedAt,
      page: pageOf(page),
    })),
  /** Leads left in the chat ("Talk to the team"), on the page the chat was on. */
  leads: (store: Store, from: string, to: string): Promise<Conversion[]> => messagesFrom(store, "chat", from, to),
};
export type ConversionKind = keyof typeof CONVERSIONS;
