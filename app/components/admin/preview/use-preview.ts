import { useEffect, useRef, useState } from "react";
import { PREVIEW_PARAM, type PreviewDraft } from "#content/preview.ts";
import { savePreview } from "../data/admin-api.ts";
import { createPreviewSender, newPreviewToken, type PreviewSender } from "./preview-sender.ts";

/** How long edits settle before an open preview is sent the draft again. */
export const PREVIEW_DEBOUNCE_MS = 400;

interface OpenPreview {
  sender: PreviewSender;
  /** The browser tab it opened, and the page shown there. */
  window: Window | null;
  path: string;
}

/**
 * The admin page's previews, by name (one browser tab each). Kept for the
 * page's lifetime, so a preview still follows after its editor was switched
 * away from and back.
 */
const previews = new Map<string, OpenPreview>();

const addressOf = (preview: OpenPreview) =>
  `${preview.path}?${PREVIEW_PARAM}=${encodeURIComponent(preview.sender.token)}`;

/**
 * An editor's Preview. `open()` stores `draft` and opens `path` with it in the
 * browser tab named after `name` (the same tab again on the next open); while
 * that tab is open, every change of `draft` is stored again after a short
 * pause, and the preview page follows it (a new `path`, a post's renamed
 * address, is opened there instead). `draft` undefined: nothing to preview now
 * (the draft has problems): nothing is sent. `onFailed` hears why a following
 * send failed; `open()` rejects instead.
 */
export function usePreview(
  name: string,
  path: string,
  draft: PreviewDraft | undefined,
  onFailed: (reason: string) => void,
) {
  const [opening, setOpening] = useState(false);
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });

  useEffect(() => {
    const preview = previews.get(name);
    if (!draft || !preview?.window || preview.window.closed) return;
    const timer = setTimeout(() => {
      preview.sender.send(draft).then(
        () => {
          if (preview.path === path || !preview.window || preview.window.closed) return;
          preview.path = path;
          preview.window.location.replace(addressOf(preview));
        },
        (cause: unknown) => failed.current(cause instanceof Error ? cause.message : String(cause)),
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [name, path, draft]);

  async function open(): Promise<void> {
    if (!draft) return;
    const preview = previews.get(name) ?? {
      sender: createPreviewSender(newPreviewToken(), savePreview),
      window: null,
      path,
    };
    previews.set(name, preview);
    setOpening(true);
    try {
      await preview.sender.send(draft, true);
    } finally {
      setOpening(false);
    }
    // After the draft is stored, so the page never shows an older one (still within the click's activation).
    preview.path = path;
    preview.window = window.open(addressOf(preview), `preview-${name}`);
    preview.window?.focus();
  }

  return { opening, open };
}
