import { useCallback, useEffect, useState } from "react";
import { publishes } from "#content/roles.ts";
import { useEventStream } from "../data/use-event-stream.ts";
import { listPosts } from "../data/admin-api.ts";
import { useRole } from "../role-context.ts";

/**
 * How many posts wait for review (issue 28), on the Blog tab's trigger for an Editor or
 * Administrator: the total of GET /api/posts?review=1, read again as posts change (the live
 * events every save sends). A Writer sees their own posts' marks in the list instead.
 */
export function ReviewCountBadge() {
  return publishes(useRole()) ? <ReviewCount /> : null;
}

function ReviewCount() {
  const [waiting, setWaiting] = useState<number | null>(null);
  const refresh = useCallback(() => {
    listPosts("", 1, undefined, undefined, "review").then(
      (page) => setWaiting(page.total),
      () => {
        // A badge that could not refresh keeps its last number; the list shows any real error.
      },
    );
  }, []);
  useEffect(refresh, [refresh]);
  useEventStream({
    content: (event) => {
      if (event.key === "post") refresh();
    },
    reconnect: refresh,
  });
  if (!waiting) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-semibold leading-5 text-slate-950">
      {waiting > 99 ? "99+" : waiting}
      <span className="sr-only"> {waiting === 1 ? "post" : "posts"} in review</span>
    </span>
  );
}
