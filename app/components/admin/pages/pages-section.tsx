import { FilePlus2, LayoutTemplate } from "lucide-react";
import { useRef, useState } from "react";
import type { LandingPageSummary } from "#content/landing-page-api.ts";
import type { LandingPage } from "#content/landing-page-schema.ts";
import { publishes } from "#content/roles.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { EditorSection } from "../editor/editor-section.tsx";
import { ListEmpty, ListError, ListLoading, SearchField } from "../list-parts.tsx";
import { PAGE_LINK } from "../editor/record-link.ts";
import { RecordDialog } from "../editor/record-dialog.tsx";
import { useRecordDialog } from "../editor/use-record-dialog.ts";
import { useRecordLink } from "../editor/use-record-link.ts";
import { useRole } from "../role-context.ts";
import { DeletePageDialog } from "./delete-page-dialog.tsx";
import { pageDialogKind } from "./page-dialog-kind.tsx";
import { pageToasts } from "./page-list.ts";
import { PageRow } from "./page-row.tsx";
import { usePageList } from "./use-page-list.ts";

/** A new page: an English draft with no address or blocks yet. */
export const newLandingPage = (): LandingPage => ({
  path: "",
  title: "",
  description: "",
  image: "",
  noindex: false,
  status: "draft",
  blocks: [],
  variants: [],
});

const reason = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * The Pages tab (issue 42): the team's own pages, each at an address of its own and built from the
 * site's blocks, with where it stands, its languages and its last 30 days. Each page is a record of
 * its own, edited in "Edit Page". A Writer sees their own pages and drafts new ones (the server
 * holds them to that); deleting is for Editors and Administrators, as publishing is.
 */
export function PagesSection() {
  const list = usePageList();
  const editor = useRecordDialog(pageDialogKind, list);
  useRecordLink(PAGE_LINK, editor);
  const staff = publishes(useRole());
  const [deleting, setDeleting] = useState<LandingPageSummary | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const searching = list.query.trim() !== "";

  async function remove(page: LandingPageSummary): Promise<boolean> {
    try {
      await list.remove(page);
      toast.success("Success", { description: pageToasts.deleted });
      return true;
    } catch (cause) {
      toast.error("Error", { description: pageToasts.deleteFailed(reason(cause)) });
      return false;
    }
  }

  return (
    <div className="mt-6 rounded-2xl border border-slate-200 bg-white px-4 py-6 shadow-sm sm:px-6">
      <EditorSection
        title="Your pages"
        description="Landing pages for campaigns, each at an address of its own and built from the site's blocks. Click a page to edit it, translate it or test a variant B."
        actions={
          <Button size="sm" onClick={() => editor.create(newLandingPage())}>
            <FilePlus2 aria-hidden="true" />
            New page
          </Button>
        }
      >
        {list.total > 0 && (
          <div className="flex flex-wrap items-center gap-3">
            <SearchField
              inputRef={searchBox}
              label="Search pages"
              placeholder="Search titles and addresses"
              value={list.query}
              onChange={list.setQuery}
            />
            <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
              {list.fetching && <Spinner />}
              {searching
                ? `${list.pages.length.toLocaleString("en-US")} found`
                : `${list.total.toLocaleString("en-US")} ${list.total === 1 ? "page" : "pages"}`}
            </p>
          </div>
        )}
        {list.status === "loading" && <ListLoading>Loading pages…</ListLoading>}
        {list.error && <ListError onRetry={list.retry}>Could not load the pages: {list.error}</ListError>}
        {list.status === "ready" && list.pages.length === 0 && (
          <ListEmpty icon={LayoutTemplate}>
            {searching
              ? `No pages match “${list.query.trim()}”.`
              : "No pages yet. Click “New page” to build one from blocks: a hero, features, questions, a contact form."}
          </ListEmpty>
        )}
        {list.pages.length > 0 && (
          <ul
            aria-label="Pages"
            aria-busy={list.fetching}
            className={cn("grid gap-3 transition-opacity", list.fetching && "opacity-70 motion-reduce:opacity-100")}
          >
            {list.pages.map((page) => (
              <PageRow
                key={page.id}
                page={page}
                busy={list.busyIds.has(page.id)}
                canDelete={staff}
                onOpen={() => editor.open(page)}
                onDelete={() => setDeleting(page)}
              />
            ))}
          </ul>
        )}
        <RecordDialog editor={editor} />
        <DeletePageDialog
          page={deleting}
          onConfirm={remove}
          onClose={() => setDeleting(null)}
          onDeletedFocus={() => searchBox.current?.focus()}
        />
      </EditorSection>
    </div>
  );
}
