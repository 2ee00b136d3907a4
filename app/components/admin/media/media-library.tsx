import { useCallback, useEffect, useRef, useState, type DragEvent } from "react";
import { LoaderCircle, Trash2, Upload } from "lucide-react";
import type { LibraryImage, MediaPage } from "#content/media.ts";
import { may, type Role } from "#content/roles.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Switch } from "#app/components/ui/switch.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { uploadImage } from "../data/admin-api.ts";
import { deleteMediaBulk, listMedia } from "../data/media-api.ts";
import { useEventStream } from "../data/use-event-stream.ts";
import { MediaCard, MediaSearch } from "./media-parts.tsx";
import { MediaDetail } from "./media-detail.tsx";

/** The server's limit (server/media/process-image.ts), checked here too so a huge file is not sent for nothing. */
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

interface QueuedFile {
  key: number;
  name: string;
  percent: number;
  state: "waiting" | "uploading" | "done" | "failed";
  message?: string;
}

/** What an upload's line says of it. */
const UPLOAD_STATE: Record<QueuedFile["state"], (item: QueuedFile) => string> = {
  waiting: () => "Waiting",
  uploading: (item) => `${item.percent}%`,
  done: () => "Uploaded",
  failed: (item) => item.message ?? "Failed",
};

/** Uploads sent at once; the rest wait their turn (the server makes seven files of each). */
const PARALLEL_UPLOADS = 3;

/** The library's list as asked for: the search, the Unused filter and the page. */
function useMediaPage(query: string, unused: boolean, page: number) {
  const [data, setData] = useState<MediaPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    // The search waits for a pause in typing.
    const timer = setTimeout(() => {
      listMedia({ query, unused, page }, controller.signal).then(
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
  }, [query, unused, page, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, reload };
}

/**
 * The Media screen (issue 27): every uploaded image with its name, size, dimensions, alt text and
 * uses; search, the Unused filter, uploads of several files by drop or picker with each one's
 * progress, a detail panel per image, and deleting the selected unused ones.
 */
export function MediaLibrary({ role }: { role: Role }) {
  const [query, setQuery] = useState("");
  const [unused, setUnused] = useState(false);
  const [page, setPage] = useState(1);
  const { data, error, reload } = useMediaPage(query, unused, page);
  const [open, setOpen] = useState<LibraryImage | null>(null);
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const canDelete = may(role, "POST /api/media/delete");

  // Uses change when content or posts are saved anywhere: the list follows.
  useEventStream({ content: reload, reconnect: reload });

  function uploadAll(files: File[]) {
    const waiting: { file: File; set: (patch: Partial<QueuedFile>) => void }[] = [];
    for (const file of files) {
      const key = (nextKey.current += 1);
      const set = (patch: Partial<QueuedFile>) =>
        setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
      if (file.size > MAX_UPLOAD_BYTES) {
        setQueue((items) => [
          ...items,
          { key, name: file.name, percent: 0, state: "failed", message: "The image is too large (the limit is 5 MB)." },
        ]);
        continue;
      }
      setQueue((items) => [...items, { key, name: file.name, percent: 0, state: "waiting" }]);
      waiting.push({ file, set });
    }
    const sendNext = async (): Promise<void> => {
      const next = waiting.shift();
      if (!next) return;
      next.set({ state: "uploading" });
      await uploadImage(next.file, (percent) => next.set({ percent })).done.then(
        () => {
          next.set({ state: "done", percent: 100 });
          reload();
        },
        (problem: Error) => next.set({ state: "failed", message: problem.message }),
      );
      return sendNext();
    };
    for (let lane = 0; lane < PARALLEL_UPLOADS; lane += 1) void sendNext();
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    uploadAll([...event.dataTransfer.files].filter((file) => file.type.startsWith("image/") || file.type === ""));
  }

  async function deleteSelected() {
    try {
      const { deleted, refused } = await deleteMediaBulk([...selected]);
      setSelected(new Set());
      reload();
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

      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "rounded-xl border-2 border-dashed p-4 text-center text-sm text-slate-600",
          dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white",
        )}
      >
        Drop images here to upload them (JPEG, PNG, WebP, AVIF or GIF, up to 5 MB each).
        {queue.length > 0 && (
          <ul aria-label="Uploads" className="mt-3 grid gap-2 text-left">
            {queue.map((item) => (
              <li key={item.key} className="grid gap-1">
                <div className="flex justify-between gap-2 text-xs">
                  <span className="truncate font-medium text-slate-900">{item.name}</span>
                  <span className={cn(item.state === "failed" && "text-red-700")}>
                    {UPLOAD_STATE[item.state](item)}
                  </span>
                </div>
                <progress
                  className="h-1.5 w-full overflow-hidden rounded-full accent-brand-600"
                  max={100}
                  value={item.percent}
                  aria-label={`Uploading ${item.name}`}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-4">
        <div className="relative min-w-0 flex-1 basis-64">
          <MediaSearch
            value={query}
            onChange={(value) => {
              setQuery(value);
              setPage(1);
            }}
          />
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id="media-unused"
            checked={unused}
            onCheckedChange={(value) => {
              setUnused(value);
              setPage(1);
            }}
          />
          <label htmlFor="media-unused" className="text-sm font-medium text-slate-900">
            Unused only
          </label>
        </div>
        {canDelete && selected.size > 0 && (
          <Button variant="outline" className="text-red-700" onClick={() => void deleteSelected()}>
            <Trash2 aria-hidden="true" />
            Delete {selected.size} selected
          </Button>
        )}
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
        <p className="rounded-xl bg-white p-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
          {query || unused ? "No images match." : "No images yet. Upload the first one above."}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {data.total} {data.total === 1 ? "image" : "images"}
          </p>
          <ul aria-label="Images" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {data.media.map((image) => (
              <MediaCard
                key={image.id}
                image={image}
                onOpen={() => setOpen(image)}
                openLabel="Edit"
                selected={selected.has(image.id)}
              >
                {canDelete && image.uses.length === 0 && (
                  <label className="flex items-center gap-2 text-xs text-slate-700">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={selected.has(image.id)}
                      onChange={() => toggle(image.id)}
                    />
                    Select
                    <span className="sr-only"> {image.name}</span>
                  </label>
                )}
              </MediaCard>
            ))}
          </ul>
          {data.pages > 1 && (
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
        </>
      )}

      <MediaDetail
        image={open}
        role={role}
        onClose={() => setOpen(null)}
        onChanged={(image) => {
          setOpen(image);
          reload();
        }}
        onDeleted={() => {
          setOpen(null);
          reload();
        }}
      />
    </div>
  );
}
