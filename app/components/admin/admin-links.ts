import { documents, documentsOfTab, type DocumentKey } from "#content/sections.ts";

/**
 * The admin's addresses that name what it shows: `?tab=` the tab (./admin-panel.tsx), `?section=`
 * the sub-tab of a tab with several documents (Legal's, the AI tab's), `?answer=` the entry of the
 * Answers whose answer field is focused once shown (Conversations' "Add an answer").
 */
export const TAB_PARAM = "tab";
export const SECTION_PARAM = "section";
export const FOCUS_ANSWER_PARAM = "answer";

/** Where document `key` is edited: its tab, and its sub-tab when the tab has several documents. */
export function documentAdminLink(key: DocumentKey): string {
  const { tab } = documents[key];
  const link = `/admin?${TAB_PARAM}=${tab}`;
  return documentsOfTab(tab).length > 1 ? `${link}&${SECTION_PARAM}=${key}` : link;
}
