import { CalendarClock, CalendarDays, Clock, MessageSquareMore, Star } from "lucide-react";
import { LOCALES } from "#content/locales.ts";
import type { PostSummary } from "#content/posts.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { RemoveButton } from "../editor/remove-button.tsx";
import { useSiteTimeZone } from "../data/site-time-zone.ts";
import { postName, statusOf } from "./post-list.ts";
import { PostThumb } from "./post-thumb.tsx";
import { formatPublishTime } from "./publishing.ts";

/**
 * One post in the Blog tab's list: a click opens it in "Edit Post"; its
 * switch saves "featured" at once, its bin asks before deleting it.
 *
 * In another language (the card's `locale`, from GET /api/posts?locale=),
 * it shows the post's title and excerpt there (English, marked so, where not
 * translated) and its status in that language; featured and delete are the
 * whole post's, in English, so its switch and bin are not shown.
 */
export function PostCard({
  post,
  busy,
  onOpen,
  onFeaturedChange,
  onDelete,
}: {
  post: PostSummary;
  /** A write of this post is under way: its switch and bin wait. */
  busy: boolean;
  onOpen: () => void;
  onFeaturedChange: (featured: boolean) => void;
  onDelete: () => void;
}) {
  const name = postName(post.title);
  const lang = (field: "title" | "excerpt") =>
    post.locale ? (post.english?.includes(field) ? "en" : LOCALES[post.locale].htmlLang) : undefined;
  return (
    <li className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Edit ${name}`}
        className="flex min-w-0 flex-1 gap-3 rounded-t-2xl p-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
      >
        <PostThumb src={post.image} />
        <span className="grid min-w-0 flex-1 content-start gap-1">
          <span
            lang={lang("title")}
            className={
              post.title.trim()
                ? "line-clamp-2 font-semibold text-slate-950"
                : "line-clamp-2 font-semibold italic text-slate-500"
            }
          >
            {name}
          </span>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span className="inline-flex items-center gap-1 tabular-nums">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              {post.date}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden="true" />
              {post.readTime}
            </span>
            <PostStateBadge post={post} />
            {post.featured && (
              <Badge>
                <Star className="size-3" aria-hidden="true" />
                Featured
              </Badge>
            )}
          </span>
          {post.excerpt.trim() && (
            <span lang={lang("excerpt")} className="line-clamp-2 text-sm text-slate-600">
              {post.excerpt}
            </span>
          )}
        </span>
      </button>
      {!post.locale && (
        <div className="flex items-center gap-2 border-t border-slate-100 px-4 py-2">
          <Switch
            checked={post.featured}
            disabled={busy}
            onCheckedChange={onFeaturedChange}
            aria-label={`Featured: ${name}`}
          />
          <span className="text-sm text-slate-700" aria-hidden="true">
            Featured
          </span>
          <RemoveButton label={`Delete ${name}`} className="ml-auto size-8" onClick={onDelete} />
        </div>
      )}
    </li>
  );
}

/**
 * Where the post stands (in the card's language): not translated, a draft (or one in review, waiting
 * for an Editor), scheduled (and when), or published.
 */
function PostStateBadge({ post }: { post: PostSummary }) {
  const timeZone = useSiteTimeZone();
  const state = statusOf(post);
  if (state === "untranslated")
    return (
      <Badge variant="secondary" className="bg-white ring-1 ring-slate-300">
        Not translated
      </Badge>
    );
  if (state === "draft" && post.review)
    return (
      <Badge variant="warning">
        <MessageSquareMore className="size-3" aria-hidden="true" />
        In review
      </Badge>
    );
  if (state === "draft") return <Badge variant="secondary">Draft</Badge>;
  if (state === "scheduled")
    return (
      <Badge variant="warning">
        <CalendarClock className="size-3" aria-hidden="true" />
        Scheduled for {formatPublishTime(post.publishAt!, timeZone)}
      </Badge>
    );
  return <Badge variant="success">Published</Badge>;
}
