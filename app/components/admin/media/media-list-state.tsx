import type { ReactNode } from "react";
import { FormAlert } from "#app/components/ui/form-alert.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { MediaList } from "./use-media-list.ts";

/**
 * What the Media screen and the picker show of their list besides its images: why the last read
 * failed (the last good page stays under it), "Loading images..." until the first answer, `empty`
 * when there is nothing to show; otherwise `children`, the images.
 */
export function MediaListState({ list, empty, children }: { list: MediaList; empty: ReactNode; children: ReactNode }) {
  return (
    <>
      {list.error && <FormAlert>{list.error}</FormAlert>}
      {list.status === "loading" && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner />
          Loading images...
        </p>
      )}
      {list.status === "ready" && (list.items.length === 0 ? empty : children)}
    </>
  );
}
