import { useEffect, useState } from "react";
import { useBlocker, useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { documentRecords, type AdminDocuments } from "./data/record-kinds.ts";
import { createRecordStore } from "./data/record-store.ts";
import { RecordStoreContext, useUnsavedChanges } from "./data/use-record-editor.ts";
import { useLocalDrafts } from "./data/use-local-drafts.ts";
import { DiscardDialog } from "./discard-dialog.tsx";
import { SECTION_PARAM, TAB_PARAM } from "./admin-links.ts";
import { KeptDraftMark } from "./draft-notice.tsx";
import { RoleContext } from "./role-context.ts";
import { SectionEditor } from "./section-editor.tsx";
import type { Role } from "#content/roles.ts";
import { findTab, tabsFor, type AdminTab } from "./tab-registry.tsx";

/**
 * The tabbed editor: one tab per registry entry, the selected one kept in
 * ?tab=, those `role` may use (./tab-registry.tsx). `email` is the signed-in account's, whose
 * unsaved drafts this device keeps.
 * One guard covers every record open in the panel (the documents, and a post
 * open in "Edit Post"): switching tabs, leaving the page, closing the browser tab.
 */
export function AdminPanel({
  email,
  role,
  initialDocuments,
}: {
  email: string;
  role: Role;
  initialDocuments: AdminDocuments;
}) {
  const adminTabs = tabsFor(role);
  // One store per panel: a new sign-in starts from the loader's documents.
  const [store] = useState(() => createRecordStore(documentRecords(initialDocuments)));
  useEffect(() => store.connect(), [store]);
  useLocalDrafts(email, store);
  const [searchParams, setSearchParams] = useSearchParams();
  const activeTab = findTab(searchParams.get(TAB_PARAM), adminTabs);
  const [pendingTab, setPendingTab] = useState<string | null>(null);
  const anyDirty = useUnsavedChanges(store);
  const activeDirty = useUnsavedChanges(store, activeTab.owns);

  // Leaving the page: the browser asks on reload/close, the router on in-app links.
  useEffect(() => {
    if (!anyDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [anyDirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => anyDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const showTab = (id: string) =>
    setSearchParams(
      (params) => {
        params.set(TAB_PARAM, id);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  function onTabChange(id: string) {
    if (activeDirty) setPendingTab(id);
    else showTab(id);
  }

  return (
    <RoleContext.Provider value={role}>
      <RecordStoreContext.Provider value={store}>
        <Tabs value={activeTab.id} onValueChange={onTabChange} className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
          <TabsList aria-label="Content sections">
            {adminTabs.map((tab) => (
              <TabsTrigger key={tab.id} value={tab.id}>
                {tab.label}
                <KeptDraftMark keys={tab.sections.map((section) => section.key)} />
                {tab.badge && <tab.badge />}
              </TabsTrigger>
            ))}
          </TabsList>
          {adminTabs.map((tab) => (
            <TabsContent key={tab.id} value={tab.id}>
              <TabBody tab={tab} />
              {tab.panel && <tab.panel />}
            </TabsContent>
          ))}
        </Tabs>
        <DiscardDialog
          open={pendingTab !== null || blocker.state === "blocked"}
          onDiscard={() => {
            if (pendingTab) {
              store.discard(activeTab.owns);
              showTab(pendingTab);
            }
            setPendingTab(null);
            if (blocker.state === "blocked") blocker.proceed();
          }}
          onKeep={() => {
            setPendingTab(null);
            if (blocker.state === "blocked") blocker.reset();
          }}
        />
      </RecordStoreContext.Provider>
    </RoleContext.Provider>
  );
}

function TabBody({ tab }: { tab: AdminTab }) {
  const [only] = tab.sections;
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(SECTION_PARAM);
  const shown = tab.sections.find((section) => section.key === asked)?.key ?? tab.sections[0]?.key;
  // A tab whose documents the role may not edit shows its panel alone (a Writer's Blog tab), under the tab's heading.
  if (tab.sections.length === 0)
    return <h2 className="text-lg font-semibold text-slate-950 sm:text-xl">{tab.label}</h2>;
  if (tab.sections.length === 1 && only) {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white px-4 shadow-sm sm:px-6">
        <SectionEditor
          section={only}
          heading={<h2 className="text-lg font-semibold text-slate-950 sm:text-xl">{tab.label}</h2>}
        />
      </div>
    );
  }
  return (
    <Tabs
      value={shown}
      onValueChange={(key) =>
        setSearchParams(
          (params) => {
            params.set(SECTION_PARAM, key);
            return params;
          },
          { replace: true, preventScrollReset: true },
        )
      }
    >
      <TabsList aria-label={`${tab.label} documents`} className="w-auto bg-slate-200/50 sm:inline-flex">
        {tab.sections.map((section) => (
          <TabsTrigger key={section.key} value={section.key}>
            {section.label}
            <KeptDraftMark keys={[section.key]} />
          </TabsTrigger>
        ))}
      </TabsList>
      {tab.sections.map((section) => (
        <TabsContent key={section.key} value={section.key} forceMount className="data-[state=inactive]:hidden">
          <div className="rounded-2xl border border-slate-200 bg-white px-4 shadow-sm sm:px-6">
            <SectionEditor
              section={section}
              heading={<h2 className="text-lg font-semibold text-slate-950 sm:text-xl">{section.label}</h2>}
            />
          </div>
        </TabsContent>
      ))}
    </Tabs>
  );
}
