import { useEffect, useRef, useState } from "react";
import type { Upload } from "#app/lib/api.ts";
import type { UploadedImage } from "#content/media.ts";
import { uploadImage } from "../data/admin-api.ts";

export type UploadState =
  { kind: "idle" } | { kind: "uploading"; percent: number | null } | { kind: "error"; message: string };

/** One image upload at a time for an image field, with its progress and its failure in words. */
export function useImageUpload(onUploaded: (image: UploadedImage) => void) {
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  const request = useRef<Upload<UploadedImage> | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  function upload(file: File) {
    request.current?.abort();
    setState({ kind: "uploading", percent: null });
    const current = uploadImage(file, (percent) => setState({ kind: "uploading", percent }));
    request.current = current;
    current.done.then(
      (image) => {
        if (request.current === current) request.current = null;
        setState({ kind: "idle" });
        onUploaded(image);
      },
      (error: Error) => {
        if (request.current === current) request.current = null;
        setState({ kind: "error", message: error.message });
      },
    );
  }

  return {
    state,
    upload,
    /** Shows a problem found before sending (e.g. a file over the size limit). */
    fail: (message: string) => setState({ kind: "error", message }),
    clearError: () => setState({ kind: "idle" }),
  };
}
