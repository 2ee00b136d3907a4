import type { LibraryImage } from "#content/media.ts";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { MediaListState } from "./media-list-state.tsx";
import { MediaPager } from "./media-pager.tsx";
import { MediaCard, MediaSearch } from "./media-parts.tsx";
import { useMediaList } from "./use-media-list.ts";

/** "Choose from library": the library's images, searchable, one chosen for an image field. */
export function MediaPicker({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (image: LibraryImage) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Choose from library"
        description="Pick an uploaded image for this field."
        className="max-w-4xl"
      >
        {/* Mounted while open only: every image field has a picker, and a closed one reads nothing. */}
        <PickerImages
          onPick={(image) => {
            onPick(image);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function PickerImages({ onPick }: { onPick: (image: LibraryImage) => void }) {
  const list = useMediaList({ live: false });
  return (
    <>
      <div className="relative">
        <MediaSearch value={list.query} onChange={list.setQuery} />
      </div>
      <MediaListState
        list={list}
        empty={
          <p className="text-sm text-slate-600">
            {list.query ? "No images match." : "No images yet: upload one first."}
          </p>
        }
      >
        <ul aria-label="Images" className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {list.items.map((image) => (
            <MediaCard key={image.id} image={image} openLabel="Choose" onOpen={() => onPick(image)} />
          ))}
        </ul>
      </MediaListState>
      <MediaPager list={list} />
    </>
  );
}
