import type { ReactNode } from "react";
import { cn } from "#app/components/ui/cn.ts";
import { RemoveButton } from "./remove-button.tsx";

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
        <RemoveButton label={removeLabel} onClick={onRemove} withText />
      </div>
      <div className="grid grid-cols-1 gap-4">{children}</div>
    </li>
  );
}
