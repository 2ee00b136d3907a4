import { useMemo, useRef, useState } from "react";
import { Upload } from "lucide-react";
import type { LibraryImage } from "#content/media.ts";
import { may, type Role } from "#content/roles.ts";
import { Button } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { deleteMediaBulk } from "../data/media-api.ts";
import { MediaDetail } from "./media-detail.tsx";
import { MediaGrid } from "./media-grid.tsx";
import { MediaListState } from "./media-list-state.tsx";
import { MediaPager } from "./media-pager.tsx";
import { MediaToolbar } from "./media-toolbar.tsx";
import { UploadZone } from "./upload-zone.tsx";
import { useMediaList } from "./use-media-list.ts";
import { useUploadQueue } from "./use-upload-queue.ts";

/**
 * The Media screen (issue 27): every uploaded image with its name, size, dimensions, alt text and
 * uses; search, the Unused filter, uploads of several files by drop or picker with each one's
 * progress (./upload-zone.tsx), a detail panel per image (./media-detail.tsx), and deleting the
 * selected unused ones. The images are read a page at a time (./use-media-list.ts).
 */
export function MediaLibrary({ role }: { role: Role }) {
  const [unused, setUnused] = useState(false);
  const list = useMediaList({ live: true, filter: useMemo(() => ({ unused }), [unused]) });
  const { queue, uploadAll } = useUploadQueue(list.refresh);
  const [open, setOpen] = useState<LibraryImage | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const picker = useRef<HTMLInputElement>(null);
  const canDelete = may(role, "POST /api/media/delete");

  async function deleteSelected() {
    try {
      const { deleted, refused } = await deleteMediaBulk([...selected]);
      setSelected(new Set());
      list.refresh();
      toast.success("Deleted", {
        description:
          `${deleted.length} ${deleted.length === 1 ? "image" : "images"} deleted.` +
          (refused.length ? ` ${refused.length} still used, so kept.` : ""),
      });
    } catch (problem) {
      toast.error("Error", { description: (problem as Error).message });
    }
  }

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold text-slate-950">Media</h2>
          <p className="text-sm text-slate-600">Every uploaded image, its alt text and where it is used.</p>
        </div>
        <Button onClick={() => picker.current?.click()}>
          <Upload aria-hidden="true" />
          Upload images
        </Button>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="Images to upload"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            uploadAll(files);
          }}
        />
      </div>

      <UploadZone queue={queue} onFiles={uploadAll} />

      <MediaToolbar
        query={list.query}
        onQuery={list.setQuery}
        unused={unused}
        onUnused={setUnused}
        selectedCount={canDelete ? selected.size : 0}
        onDeleteSelected={() => void deleteSelected()}
      />

      <MediaListState
        list={list}
        empty={
          <p className="rounded-xl bg-white p-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
            {list.query || unused ? "No images match." : "No images yet. Upload the first one above."}
          </p>
        }
      >
        <MediaGrid list={list} selectable={canDelete} selected={selected} onToggle={toggle} onOpen={setOpen} />
        <MediaPager list={list} />
      </MediaListState>

      <MediaDetail
        image={open}
        role={role}
        onClose={() => setOpen(null)}
        onChanged={(image) => {
          setOpen(image);
          list.refresh();
        }}
        onDeleted={() => {
          setOpen(null);
          list.refresh();
        }}
      />
    </div>
  );
}
