import { useState, type DragEvent } from "react";
import { cn } from "#app/components/ui/cn.ts";
import type { QueuedFile } from "./use-upload-queue.ts";

/** What an upload's line says of it. */
const UPLOAD_STATE: Record<QueuedFile["state"], (item: QueuedFile) => string> = {
  waiting: () => "Waiting",
  uploading: (item) => `${item.percent}%`,
  done: () => "Uploaded",
  failed: (item) => item.message ?? "Failed",
};

/** Where images are dropped to upload them, and each upload's line with its progress. */
export function UploadZone({ queue, onFiles }: { queue: readonly QueuedFile[]; onFiles: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    onFiles([...event.dataTransfer.files].filter((file) => file.type.startsWith("image/") || file.type === ""));
  }

  return (
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
                <span className={cn(item.state === "failed" && "text-red-700")}>{UPLOAD_STATE[item.state](item)}</span>
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
  );
}
