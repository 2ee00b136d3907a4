import type { LibraryImage } from "#content/media.ts";
import { MediaCard } from "./media-parts.tsx";
import type { MediaList } from "./use-media-list.ts";

/**
 * The Media screen's images as cards, with how many there are; an unused image has its "Select"
 * box when `selectable` (the role may delete it).
 */
export function MediaGrid({
  list,
  selectable,
  selected,
  onToggle,
  onOpen,
}: {
  list: MediaList;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onOpen: (image: LibraryImage) => void;
}) {
  return (
    <>
      <p className="text-sm text-slate-600" aria-live="polite">
        {list.total} {list.total === 1 ? "image" : "images"}
      </p>
      <ul aria-label="Images" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {list.items.map((image) => (
          <MediaCard
            key={image.id}
            image={image}
            onOpen={() => onOpen(image)}
            openLabel="Edit"
            selected={selected.has(image.id)}
          >
            {selectable && image.uses.length === 0 && (
              <label className="flex items-center gap-2 text-xs text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={selected.has(image.id)}
                  onChange={() => onToggle(image.id)}
                />
                Select
                <span className="sr-only"> {image.name}</span>
              </label>
            )}
          </MediaCard>
        ))}
      </ul>
    </>
  );
}
