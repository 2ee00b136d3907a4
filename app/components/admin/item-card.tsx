import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";

/** One entry of an editable list (a feature, a logo): a heading, a remove button, its fields. */
export function ItemCard({
  title,
  removeLabel,
  onRemove,
  children,
  className,
}: {
  title: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <li className={cn("rounded-xl border border-slate-200 bg-slate-50/60 p-4", className)}>
      <div className="mb-3 flex items-center gap-2">
        <h4 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{title}</h4>
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" aria-label={removeLabel} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-4">{children}</div>
    </li>
  );
}

/** A small preview of an image address; shows nothing while the address is empty or invalid. */
export function ImagePreview({ src, valid, className }: { src: string; valid: boolean; className?: string }) {
  if (!src.trim() || !valid) {
    return <div className={cn("flex size-16 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-[10px] text-slate-500 ring-1 ring-slate-200", className)}>No image</div>;
  }
  return <img src={src} alt="Preview" loading="lazy" className={cn("size-16 shrink-0 rounded-lg bg-white object-cover ring-1 ring-slate-200", className)} />;
}

/** A titled group of fields inside a tab. */
export function EditorGroup({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="grid grid-cols-1 gap-4 border-t border-slate-100 pt-6 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold text-slate-950">{title}</h3>
          {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
