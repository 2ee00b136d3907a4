import { cn } from "#app/components/ui/cn.ts";

/**
 * Whether an image address typed in the admin may be shown as a preview:
 * an http(s) URL or a site path. Anything else (javascript:, data:, a half-typed
 * value) would only be blocked by the browser or the CSP, so it is not rendered.
 */
export function isPreviewableImage(url: string): boolean {
  return /^(https?:\/\/[^\s]+|\/(?!\/)\S*)$/i.test(url.trim());
}

/** A small preview of an image address; shows nothing while the address is empty or invalid. */
export function ImagePreview({ src, valid, className }: { src: string; valid: boolean; className?: string }) {
  if (!src.trim() || !valid) {
    return (
      <div
        className={cn(
          "flex size-16 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-[10px] text-slate-500 ring-1 ring-slate-200",
          className,
        )}
      >
        No image
      </div>
    );
  }
  return (
    <img
      src={src}
      alt="Preview"
      loading="lazy"
      className={cn("size-16 shrink-0 rounded-lg bg-white object-cover ring-1 ring-slate-200", className)}
    />
  );
}
