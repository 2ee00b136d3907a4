import type { ComponentType, ReactNode } from "react";
import { AI_SETTINGS_KEY, documents, type DocumentKey, type DocumentOf } from "#content/sections.ts";
import type { SectionEditorProps } from "./editor-types.ts";
import { AboutTab } from "./tabs/about-tab.tsx";
import { AiTab } from "./tabs/ai-tab.tsx";
import { BlogTab } from "./tabs/blog-tab.tsx";
import { ContactTab } from "./tabs/contact-tab.tsx";
import { HomeTab } from "./tabs/home-tab.tsx";
import { LegalTab } from "./tabs/legal-tab.tsx";
import { PartnersTab } from "./tabs/partners-tab.tsx";
import { ServicesTab } from "./tabs/services-tab.tsx";
import { MessagesInbox } from "./messages/messages-inbox.tsx";
import { UnreadBadge } from "./messages/unread-badge.tsx";

/** One stored document edited in the panel, with its save button and toasts (spec §2, §8). */
export interface AdminSection {
  key: DocumentKey;
  label: string;
  saveLabel: string;
  successMessage: string;
  failureMessage: (reason: string) => string;
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
}

function section<K extends DocumentKey>(
  key: K,
  saveLabel: string,
  Editor: ComponentType<SectionEditorProps<DocumentOf<K>>>,
): AdminSection {
  const label = documents[key].label;
  const isAi = key === AI_SETTINGS_KEY;
  return {
    key,
    label,
    saveLabel,
    successMessage: isAi ? "AI settings updated successfully" : `${label} content updated successfully`,
    failureMessage: isAi ? () => "Failed to update AI settings" : (reason) => `Failed to update ${label} content: ${reason}`,
    render: (props) => <Editor {...(props as SectionEditorProps<DocumentOf<K>>)} />,
  };
}

/** The eight tabs of spec §2 "Admin", in order. */
export const adminTabs: readonly AdminTab[] = [
  { id: "home", label: "Home", sections: [section("home", "Save Home Content", HomeTab)] },
  { id: "services", label: "Services", sections: [section("services", "Save Services Content", ServicesTab)] },
  { id: "blog", label: "Blog", sections: [section("blog", "Save Blog Content", BlogTab)] },
  { id: "partners", label: "Partners", sections: [section("partners", "Save Partners Content", PartnersTab)] },
  { id: "about", label: "About", sections: [section("about", "Save About Content", AboutTab)] },
  {
    id: "contact",
    label: "Contact",
    sections: [section("contact", "Save Contact Content", ContactTab)],
    badge: UnreadBadge,
    panel: MessagesInbox,
  },
  {
    id: "legal",
    label: "Legal",
    sections: [
      section("privacy-policy", "Save Privacy Policy", LegalTab),
      section("terms-conditions", "Save Terms & Conditions", LegalTab),
    ],
  },
  { id: "ai", label: "AI", sections: [section(AI_SETTINGS_KEY, "Save AI Settings", AiTab)] },
];

export const adminDocumentKeys: readonly DocumentKey[] = adminTabs.flatMap((tab) => tab.sections.map((s) => s.key));

export function findTab(id: string | null | undefined): AdminTab {
  return adminTabs.find((tab) => tab.id === id) ?? adminTabs[0]!;
}
