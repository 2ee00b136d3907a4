import { useEffect, useState } from "react";
import { LoaderCircle } from "lucide-react";
import type { LibraryImage, MediaPage } from "#content/media.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { listMedia } from "../data/media-api.ts";
import { MediaCard, MediaSearch } from "./media-parts.tsx";

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
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MediaPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      listMedia({ query, page }, controller.signal).then(
        (answer) => {
          setData(answer);
          setError(null);
        },
        (problem: Error) => !controller.signal.aborted && setError(problem.message),
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, page]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Choose from library"
        description="Pick an uploaded image for this field."
        className="max-w-4xl"
      >
        <div className="relative">
          <MediaSearch
            value={query}
            onChange={(value) => {
              setQuery(value);
              setPage(1);
            }}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        {!data ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Loading images...
          </p>
        ) : data.media.length === 0 ? (
          <p className="text-sm text-slate-600">{query ? "No images match." : "No images yet: upload one first."}</p>
        ) : (
          <ul aria-label="Images" className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
            {data.media.map((image) => (
              <MediaCard
                key={image.id}
                image={image}
                openLabel="Choose"
                onOpen={() => {
                  onPick(image);
                  onOpenChange(false);
                }}
              />
            ))}
          </ul>
        )}
        {data && data.pages > 1 && (
          <nav aria-label="Pages" className="flex items-center justify-center gap-3 text-sm">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {data.page} of {data.pages}
            </span>
            <Button variant="outline" size="sm" disabled={page >= data.pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        )}
      </DialogContent>
    </Dialog>
  );
}
