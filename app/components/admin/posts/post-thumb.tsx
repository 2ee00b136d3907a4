import { ImageOff } from "lucide-react";
import { useState } from "react";
import { isPreviewableImage } from "../editor/image-preview.tsx";

/** The post's image, small; a plain icon when it has none or it does not load. Decorative: named beside it (its card's title, its address). */
export function PostThumb({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
      {isPreviewableImage(src) && failed !== src ? (
        <img src={src} alt="" loading="lazy" className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <ImageOff className="size-5 text-slate-400" aria-hidden="true" />
      )}
    </span>
  );
}
