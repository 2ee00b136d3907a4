import type { ComponentType, ReactNode } from "react";
import { LOCALES, type Locale, isTranslated } from "#content/locales.ts";
import { may, type Endpoint, type Role } from "#content/roles.ts";
import {
  ADMIN_TABS,
  AI_SETTINGS_KEY,
  documents,
  documentsOfTab,
  type AdminTabId,
  type DocumentKey,
  type DocumentOf,
} from "#content/sections.ts";
import type { RecordKind, RecordRef } from "./data/record-ref.ts";
import type { SectionEditorProps } from "./editor-types.ts";
import { AboutTab } from "./tabs/about-tab.tsx";
import { AiTab } from "./tabs/ai-tab.tsx";
import { AnswersTab } from "./tabs/answers-tab.tsx";
import { BlogTab } from "./tabs/blog-tab.tsx";
import { ContactTab } from "./tabs/contact-tab.tsx";
import { HomeTab } from "./tabs/home-tab.tsx";
import { LegalTab } from "./tabs/legal-tab.tsx";
import { PartnersTab } from "./tabs/partners-tab.tsx";
import { ServicesTab } from "./tabs/services-tab.tsx";
import { ConversationsPanel } from "./conversations/conversations-panel.tsx";
import { MessagesInbox } from "./messages/messages-inbox.tsx";
import { PagesSection } from "./pages/pages-section.tsx";
import { PostsSection } from "./posts/posts-section.tsx";
import { ReviewCountBadge } from "./posts/review-count.tsx";
import { UnreadBadge } from "./messages/unread-badge.tsx";

/** One stored document edited in the panel, with its save button and toasts (docs/product.md §2, §8). */
export interface AdminSection {
  key: DocumentKey;
  label: string;
  /** The section's name in the editor of `locale`: "Home", "Home (සිංහල)" (conflicts, history). */
  labelIn: (locale: Locale) => string;
  saveLabel: string;
  /** The toasts of a save in `locale`; English's are docs/product.md §8's. */
  successMessage: (locale: Locale) => string;
  failureMessage: (reason: string, locale: Locale) => string;
  render: (props: SectionEditorProps<unknown>) => ReactNode;
}

/** A tab of the admin panel; a tab with several sections shows them as sub-tabs (Legal). */
export interface AdminTab {
  id: string;
  label: string;
  sections: readonly AdminSection[];
  /** Shown inside the tab's trigger after its label (e.g. the unread count). */
  badge?: ComponentType;
  /** A panel shown under the tab's editor (e.g. the Contact tab's Messages inbox). */
  panel?: ComponentType;
  /** The records edited in the tab: its documents, and records of the kinds its panels open (the Blog tab's posts). */
  owns: (ref: RecordRef) => boolean;
}

/** What a tab shows besides its documents' editors. */
interface TabExtras {
  badge?: ComponentType;
  panel?: ComponentType;
  /** Other kinds of record edited in the tab (the Blog tab's posts, in "Edit Post"). */
  kinds?: readonly RecordKind[];
  /** The endpoint the panel (and badge) reads: a role that may not call it does not see them (#content/roles.ts). */
  reads?: Endpoint;
}

/** The editor of each document (labels, tabs and order come from the registry, #content/sections.ts). */
const editors: { [K in DocumentKey]: ComponentType<SectionEditorProps<DocumentOf<K>>> } = {
  home: HomeTab,
  services: ServicesTab,
  blog: BlogTab,
  partners: PartnersTab,
  about: AboutTab,
  contact: ContactTab,
  "privacy-policy": LegalTab,
  "terms-conditions": LegalTab,
  [AI_SETTINGS_KEY]: AiTab,
  answers: AnswersTab,
};

/**
 * The Contact tab's unread count and Messages inbox, the AI tab's Conversations, the Blog tab's
 * count of posts in review and its posts (records of their own: a panel, so a language of the page texts loading leaves an open
 * "Edit Post" alone).
 */
const tabExtras: Partial<Record<AdminTabId, TabExtras>> = {
  blog: { kinds: ["post"], badge: ReviewCountBadge, panel: PostsSection, reads: "GET /api/posts" },
  // The team's pages (issue 42): every role sees them (a Writer their own, the server's rule).
  pages: { kinds: ["page"], panel: PagesSection },
  contact: { badge: UnreadBadge, panel: MessagesInbox, reads: "GET /api/messages" },
  ai: { panel: ConversationsPanel, reads: "GET /api/conversations" },
};

/** Documents are edited by the roles that may save them (#content/roles.ts). */
const EDIT_DOCUMENTS: Endpoint = "PUT /api/content/:key";

/** A name as the editor of `locale` says it: "Home" in English, "Home (සිංහල)" in Sinhala. */
const inLanguage = (name: string, locale: Locale) =>
  !isTranslated(locale) ? name : `${name} (${LOCALES[locale].nativeName})`;

function section<K extends DocumentKey>(key: K): AdminSection {
  const { label, saveLabel } = documents[key];
  const Editor: ComponentType<SectionEditorProps<DocumentOf<K>>> = editors[key];
  const isAi = key === AI_SETTINGS_KEY;
  return {
    key,
    label,
    labelIn: (locale) => inLanguage(label, locale),
    saveLabel,
    successMessage: isAi
      ? (locale) => `${inLanguage("AI settings", locale)} updated successfully`
      : (locale) => `${inLanguage(label, locale)} content updated successfully`,
    failureMessage: isAi
      ? (_, locale) => `Failed to update ${inLanguage("AI settings", locale)}`
      : (reason, locale) => `Failed to update ${inLanguage(label, locale)} content: ${reason}`,
    render: (props) => <Editor {...(props as SectionEditorProps<DocumentOf<K>>)} />,
  };
}

/** The tabs of docs/product.md §2 "Admin" and Pages, in order (ADMIN_TABS in the registry). */
export const adminTabs: readonly (AdminTab & { reads?: Endpoint })[] = ADMIN_TABS.map(({ id, label }) => {
  const keys: readonly DocumentKey[] = documentsOfTab(id);
  const { kinds = [], ...extras } = tabExtras[id] ?? {};
  return {
    id,
    label,
    sections: keys.map((key) => section(key)),
    ...extras,
    // A document's records in every language.
    owns: (ref) => (ref.kind === "document" ? keys.includes(ref.id) : kinds.includes(ref.kind)),
  };
});

/**
 * The tabs `role` sees, with only what it may use (#content/roles.ts): a tab's documents for a role
 * that may save them, its panel for one that may read it (a Writer: the Blog tab with their posts only).
 */
export function tabsFor(role: Role): readonly AdminTab[] {
  const editsDocuments = may(role, EDIT_DOCUMENTS);
  return adminTabs.flatMap(({ reads, ...tab }) => {
    const sections = editsDocuments ? tab.sections : [];
    const seesPanel = reads === undefined || may(role, reads);
    const shown = { ...tab, sections, ...(!seesPanel && { panel: undefined, badge: undefined }) };
    return sections.length > 0 || shown.panel ? [shown] : [];
  });
}

/** The documents the admin loads for `role`: those of the tabs it sees. */
export const adminDocumentKeysFor = (role: Role): readonly DocumentKey[] =>
  tabsFor(role).flatMap((tab) => tab.sections.map((s) => s.key));

export const adminDocumentKeys: readonly DocumentKey[] = adminDocumentKeysFor("administrator");

/** The tab `id` among `tabs`, or the first of them. */
export function findTab(id: string | null | undefined, tabs: readonly AdminTab[] = adminTabs): AdminTab {
  return tabs.find((tab) => tab.id === id) ?? tabs[0]!;
}
