import { useRef, useState } from "react";
import { uploadImage } from "../data/admin-api.ts";

/** The server's limit (server/media/process-image.ts), checked here too so a huge file is not sent for nothing. */
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Uploads sent at once; the rest wait their turn (the server makes seven files of each). */
const PARALLEL_UPLOADS = 3;

export interface QueuedFile {
  key: number;
  name: string;
  percent: number;
  state: "waiting" | "uploading" | "done" | "failed";
  message?: string;
}

/**
 * The Media screen's uploads: every file dropped or picked gets its line (waiting, its progress,
 * uploaded, or why it failed); three are sent at a time. `onUploaded` is told of each one stored.
 */
export function useUploadQueue(onUploaded: () => void) {
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const nextKey = useRef(0);

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
          onUploaded();
        },
        (problem: Error) => next.set({ state: "failed", message: problem.message }),
      );
      return sendNext();
    };
    for (let lane = 0; lane < PARALLEL_UPLOADS; lane += 1) void sendNext();
  }

  return { queue, uploadAll };
}
