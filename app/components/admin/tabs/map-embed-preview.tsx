import { useEffect, useState } from "react";
import { MapPin, TriangleAlert } from "lucide-react";
import { previewMap } from "../data/admin-api.ts";

type Preview =
  | { state: "empty" }
  | { state: "loading" }
  | { state: "ready"; frame: FrameAttributes | null }
  | { state: "error"; message: string };

interface FrameAttributes {
  src: string;
  title: string;
  width: string;
  height: string;
}

const DEBOUNCE_MS = 350;

/** Reads the one iframe out of the server's sanitised embed (already clean; we still build the element ourselves). */
function frameOf(html: string): FrameAttributes | null {
  const iframe = new DOMParser().parseFromString(html, "text/html").querySelector("iframe");
  const src = iframe?.getAttribute("src");
  if (!iframe || !src?.startsWith("https://")) return null;
  return {
    src,
    title: iframe.getAttribute("title") || "Map",
    width: iframe.getAttribute("width") ?? "100%",
    height: iframe.getAttribute("height") ?? "450",
  };
}

/**
 * Live preview of a map embed as visitors will see it: the code is sanitised by
 * the server's own function (POST /admin/map-preview, debounced), so only an
 * iframe from an allow-listed map host survives, forced to 100% × 450 px.
 */
export function MapEmbedPreview({ code }: { code: string }) {
  const [preview, setPreview] = useState<Preview>({ state: code.trim() ? "loading" : "empty" });

  useEffect(() => {
    if (!code.trim()) {
      setPreview({ state: "empty" });
      return;
    }
    setPreview((current) => (current.state === "ready" ? current : { state: "loading" }));
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const { html } = await previewMap(code, abort.signal);
        setPreview({ state: "ready", frame: frameOf(html) });
      } catch (error) {
        if (!abort.signal.aborted) setPreview({ state: "error", message: (error as Error).message });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [code]);

  return (
    <div
      role="region"
      aria-label="Map preview"
      className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 py-2 text-xs font-medium text-slate-600">
        <span>Preview</span>
        <span aria-live="polite">{preview.state === "loading" ? "Updating…" : ""}</span>
      </div>
      {preview.state === "ready" && preview.frame ? (
        <iframe
          src={preview.frame.src}
          title={preview.frame.title}
          width={preview.frame.width}
          height={preview.frame.height}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="block w-full border-0"
        />
      ) : (
        <div className="flex min-h-40 flex-col items-center justify-center gap-2 px-4 py-8 text-center text-sm text-slate-600">
          {preview.state === "ready" || preview.state === "error" ? (
            <>
              <TriangleAlert className="size-5 text-amber-600" aria-hidden="true" />
              <p role="status" className="max-w-md">
                {preview.state === "error"
                  ? preview.message
                  : "This code will not be shown: only an <iframe> embed from Google Maps, OpenStreetMap or Bing Maps is kept, so it is removed when you save."}
              </p>
            </>
          ) : (
            <>
              <MapPin className="size-5 text-slate-400" aria-hidden="true" />
              <p>
                {preview.state === "loading"
                  ? "Preparing the preview…"
                  : "Paste an embed code from Google Maps or OpenStreetMap to preview it here."}
              </p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
