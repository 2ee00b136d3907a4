import { Button } from "#app/components/ui/button.tsx";
import type { MediaList } from "./use-media-list.ts";

/** "Previous" / "Page X of Y" / "Next" under the Media screen's and the picker's images, when there is more than one page. */
export function MediaPager({ list }: { list: MediaList }) {
  if (list.status !== "ready" || list.pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-3 text-sm">
      <Button variant="outline" size="sm" disabled={list.page <= 1} onClick={() => list.goToPage(list.page - 1)}>
        Previous
      </Button>
      <span>
        Page {list.page} of {list.pages}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={list.page >= list.pages}
        onClick={() => list.goToPage(list.page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
