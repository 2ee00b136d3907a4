import type { Store } from "#server/db/store.ts";

/** One conversion: when (ISO instant) and the page it came from. */
export interface Conversion {
  at: string;
  page: string;
}

/** The page the contact form is on: every contact message comes from it. */
const CONTACT_PAGE = "/contact";

/**
 * Contact details a visitor left in the chat (chat leads). The chat does not
 * store leads apart yet, so none are counted; this is the one place to read
 * them from (with the page the chat was on) once it does.
 */
async function chatLeads(): Promise<Conversion[]> {
  return [];
}

/**
 * What counts as a conversion, one entry per kind: the report counts each per
 * day and per page (the keys are the report's field names). `from` and `to`
 * are ISO instants (`to` excluded).
 */
export const CONVERSIONS = {
  messages: async (store: Store, from: string, to: string): Promise<Conversion[]> =>
    (await store.messages.sentBetween(from, to)).map((at) => ({ at, page: CONTACT_PAGE })),
  chats: async (store: Store, from: string, to: string): Promise<Conversion[]> =>
    (await store.conversations.startedBetween(from, to)).map(({ startedAt, page }) => ({ at: startedAt, page })),
  leads: (_store: Store, _from: string, _to: string) => chatLeads(),
};
export type ConversionKind = keyof typeof CONVERSIONS;
