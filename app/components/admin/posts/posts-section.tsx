import { FilePlus2, Newspaper, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { LOCALES, isTranslated } from "#content/locales.ts";
import { POST_LIST_FILTERS, type PostListFilter, type PostSummary } from "#content/posts.ts";
import { newPostDefaults } from "#content/rules.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/select.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { useEditorLanguage } from "../data/editor-language.ts";
import { EditorSection } from "../editor/editor-section.tsx";
import { POST_LINK } from "../editor/record-link.ts";
import { RecordDialog } from "../editor/record-dialog.tsx";
import { useRecordDialog } from "../editor/use-record-dialog.ts";
import { useRecordLink } from "../editor/use-record-link.ts";
import { ListEmpty, ListError, ListLoading, Pager, SearchField, showListTop } from "../list-parts.tsx";
import { DeletePostDialog } from "./delete-post-dialog.tsx";
import { PostCard } from "./post-card.tsx";
import { postDialogKind } from "./post-dialog-kind.tsx";
import { postName, publishedLine } from "./post-list.ts";
import { usePostList } from "./use-post-list.ts";

const reason = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** The list's "Show" choices (GET /api/posts ?review=1 or ?status=), and what an empty one says. */
const SHOWN: Record<PostListFilter, { label: string; none: string }> = {
  review: { label: "In review", none: "No posts wait for review." },
  draft: { label: "Drafts", none: "No drafts." },
  scheduled: { label: "Scheduled", none: "No scheduled posts." },
  published: { label: "Published", none: "No published posts." },
};
const isListFilter = (value: string): value is PostListFilter =>
  (POST_LIST_FILTERS as readonly string[]).includes(value);

/**
 * The Blog tab's posts (docs/product.md §2 Blog): each post is a record of
 * its own, saved by itself. The list is read a page at a time from the
 * server, so the tab stays quick with thousands of posts. In another
 * language (the admin's one language setting), the cards show each post's
 * status there and the tab counts those published; posts are created in
 * English, then translated in "Edit Post".
 */
export function PostsSection() {
  const [locale] = useEditorLanguage();
  const { htmlLang, nativeName } = LOCALES[locale];
  const language = <span lang={htmlLang}>{nativeName}</span>;
  const [show, setShow] = useState<PostListFilter | undefined>(undefined);
  const list = usePostList(locale, show);
  const createLabel = !isTranslated(locale) ? "Create New Post" : "Create New Post in English";
  // A new post is dated today: it shows at the top of the first page.
  const editor = useRecordDialog(postDialogKind, list, { onCreated: () => list.goToPage(1) });
  // ?post=<id>&lang= opens that post in "Edit Post" (the Media screen's links, ./post-link.ts).
  useRecordLink(POST_LINK, editor);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PostSummary | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const listTop = useRef<HTMLDivElement>(null);
  const searching = list.searched !== "";

  function createEmpty() {
    setCreating(false);
    editor.create({ ...newPostDefaults([]), placementId: list.allTotal });
  }

  async function setFeatured(post: PostSummary, featured: boolean) {
    try {
      if ((await list.setFeatured(post, featured)) === "saved") toast.success("Success", { description: "Post saved" });
      else
        toast.error("Error", {
          description: `“${postName(post.title)}” was changed elsewhere just now, so it was not saved. The list shows the latest version; please try again.`,
        });
    } catch (cause) {
      toast.error("Error", { description: `Could not save the post: ${reason(cause)}` });
    }
  }

  async function remove(post: PostSummary): Promise<boolean> {
    try {
      await list.remove(post);
      toast.success("Success", { description: "Post deleted" });
      return true;
    } catch (cause) {
      toast.error("Error", { description: `Could not delete the post: ${reason(cause)}` });
      return false;
    }
  }

  function goToPage(page: number) {
    list.goToPage(page);
    showListTop(listTop.current);
  }

  return (
    // The Blog tab's panel (tab registry): a card of its own under the page texts' editor.
    <div className="mt-6 rounded-2xl border border-slate-200 bg-white px-4 py-6 shadow-sm sm:px-6">
      <EditorSection
        title="Posts"
        description={
          !isTranslated(locale) ? (
            "Newest first. Click a post to edit it; featured posts appear in “Featured Insights” on the home page. Each post is saved on its own; “Save Blog Content” saves the page title and subtitle."
          ) : (
            <>
              Newest first, each post in {language} with its status there: a post may be live in English and a draft, or
              not translated, in {language}. Click a post to translate it; featured and delete are in English.
            </>
          )
        }
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {createLabel}
          </Button>
        }
      >
        <div ref={listTop} className="flex scroll-mt-36 flex-wrap items-center gap-3">
          <SearchField
            inputRef={searchBox}
            label="Search posts"
            placeholder="Search titles and excerpts"
            value={list.query}
            onChange={list.setQuery}
          />
          <div className="flex items-center gap-2">
            <Label htmlFor="posts-show">Show</Label>
            <NativeSelect
              id="posts-show"
              className="w-auto"
              value={show ?? ""}
              onChange={(event) => setShow(isListFilter(event.target.value) ? event.target.value : undefined)}
            >
              <option value="">All posts</option>
              {POST_LIST_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {SHOWN[filter].label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
            {list.fetching && list.status === "ready" && <Spinner />}
            {list.status === "ready" &&
              (searching || show ? (
                `${list.total.toLocaleString("en-US")} found`
              ) : list.publishedIn ? (
                <span>
                  <span lang={htmlLang} className="font-medium text-slate-900">
                    {nativeName}
                  </span>
                  : {publishedLine(list.publishedIn.published, list.publishedIn.total)}
                </span>
              ) : (
                `${list.total.toLocaleString("en-US")} ${list.total === 1 ? "post" : "posts"}`
              ))}
          </p>
        </div>

        {list.status === "loading" && <ListLoading>Loading posts…</ListLoading>}
        {list.error && <ListError onRetry={list.retry}>Could not load the posts: {list.error}</ListError>}
        {list.status === "ready" && list.items.length === 0 && (
          <ListEmpty icon={Newspaper}>
            {searching
              ? `No posts match “${list.searched}”.`
              : show
                ? SHOWN[show].none
                : `No posts yet. Click “${createLabel}” to write one.`}
          </ListEmpty>
        )}
        {list.status === "ready" && list.items.length > 0 && (
          <ul
            aria-label="Posts"
            aria-busy={list.fetching}
            className={cn(
              "grid grid-cols-1 gap-3 transition-opacity md:grid-cols-2",
              list.fetching && "opacity-70 motion-reduce:opacity-100",
            )}
          >
            {list.items.map((post) => (
              <PostCard
                key={post.id}
                post={post}
                busy={list.busyIds.has(post.id)}
                onOpen={() => editor.open(post)}
                onFeaturedChange={(featured) => void setFeatured(post, featured)}
                onDelete={() => setDeleting(post)}
              />
            ))}
          </ul>
        )}
        {list.status === "ready" && list.pages > 1 && (
          <Pager
            label="Post pages"
            page={list.page}
            pages={list.pages}
            onPage={goToPage}
            className="border-slate-100 pt-4"
          />
        )}

        <Dialog open={creating} onOpenChange={setCreating}>
          <DialogContent
            title="Create New Post"
            description={
              !isTranslated(locale) ? (
                "Start from an empty post dated today, then write it or let AI draft it from the title. Nothing is published until you press Save."
              ) : (
                <>
                  A post is written in English first: start from an empty post dated today, write it or let AI draft it,
                  and save it. Then open it and choose {language} to translate it.
                </>
              )
            }
          >
            <DialogFooter>
              <Button variant="outline" onClick={() => setCreating(false)}>
                Cancel
              </Button>
              <Button onClick={createEmpty}>
                <FilePlus2 aria-hidden="true" />
                Create Empty Post
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
        <RecordDialog editor={editor} />
        <DeletePostDialog
          post={deleting}
          onConfirm={remove}
          onClose={() => setDeleting(null)}
          onDeletedFocus={() => searchBox.current?.focus()}
        />
      </EditorSection>
    </div>
  );
}
