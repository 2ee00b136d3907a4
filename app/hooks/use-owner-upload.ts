import { useEffect, useRef, useState } from "react";
import type { UploadedImage } from "#app/components/admin/owner/owner-api.ts";

export type UploadState = { kind: "idle" } | { kind: "uploading"; percent: number | null } | { kind: "error"; message: string };

function serverMessage(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown };
    if (typeof body.error === "string") return body.error;
  } catch {
    // Not JSON: fall through to a plain sentence.
  }
  return xhr.status === 0 ? "The upload did not reach the server. Check your connection and try again." : `The upload failed (the server answered ${xhr.status}).`;
}

/**
 * Sends one image to POST /api/media as multipart "file". XMLHttpRequest
 * rather than fetch: it is the only browser API that reports upload progress.
 */
export function useOwnerUpload(onUploaded: (image: UploadedImage) => void) {
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  function upload(file: File) {
    request.current?.abort();
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    setState({ kind: "uploading", percent: null });
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) setState({ kind: "uploading", percent: Math.round((event.loaded / event.total) * 100) });
    });
    xhr.addEventListener("load", () => {
      request.current = null;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const image = JSON.parse(xhr.responseText) as UploadedImage;
          setState({ kind: "idle" });
          onUploaded(image);
        } catch {
          setState({ kind: "error", message: "The server's answer could not be read. Please try again." });
        }
      } else {
        setState({ kind: "error", message: serverMessage(xhr) });
      }
    });
    xhr.addEventListener("error", () => {
      request.current = null;
      setState({ kind: "error", message: serverMessage(xhr) });
    });
    const body = new FormData();
    body.append("file", file);
    xhr.open("POST", "/api/media");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.send(body);
  }

  return {
    state,
    upload,
    /** Shows a problem found before sending (e.g. a file over the size limit). */
    fail: (message: string) => setState({ kind: "error", message }),
    clearError: () => setState({ kind: "idle" }),
  };
}
