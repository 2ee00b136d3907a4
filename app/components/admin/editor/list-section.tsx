import { Plus, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { EditorSection } from "./editor-section.tsx";
import { useTranslating } from "./translating.ts";

/**
 * A titled, editable list inside a tab (values, services, posts, partners…):
 * the section heading with its add button, the schema's message about the
 * list as a whole, then the list, or a dashed placeholder while it is empty.
 * While the editor translates, items are neither added nor removed (the list
 * is shared by every language): no add button, and an empty list says so.
 */
export function ListSection({
  title,
  description,
  addLabel,
  onAdd,
  addVariant = "outline",
  addDisabled = false,
  error,
  empty,
  emptyMessage,
  emptyIcon,
  children,
}: {
  title: string;
  description?: ReactNode;
  addLabel: string;
  onAdd: () => void;
  /** "default" where adding is the section's main action (Partners). */
  addVariant?: "outline" | "default";
  /** When the list is full (its schema's most items): the description says how many. */
  addDisabled?: boolean;
  /** The schema's message about the list itself, e.g. "A list can hold at most 200 items." */
  error?: string | undefined;
  /** Whether the list has no items: `emptyMessage` is shown in place of `children`. */
  empty: boolean;
  emptyMessage: string;
  emptyIcon?: LucideIcon;
  children: ReactNode;
}) {
  const translating = useTranslating();
  return (
    <EditorSection
      title={title}
      description={description}
      actions={
        translating ? undefined : (
          <Button variant={addVariant} size="sm" onClick={onAdd} disabled={addDisabled}>
            <Plus aria-hidden="true" />
            {addLabel}
          </Button>
        )
      }
    >
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
      {empty ? (
        <EmptyListMessage icon={emptyIcon}>
          {translating ? "Nothing to translate here: items are added in English." : emptyMessage}
        </EmptyListMessage>
      ) : (
        children
      )}
    </EditorSection>
  );
}

function EmptyListMessage({ icon: Icon, children }: { icon: LucideIcon | undefined; children: ReactNode }) {
  const frame = "rounded-xl border border-dashed border-slate-300 px-4 text-center";
  if (!Icon) return <p className={cn(frame, "py-6 text-sm text-slate-600")}>{children}</p>;
  return (
    <div className={cn(frame, "flex flex-col items-center gap-2 py-8")}>
      <Icon className="size-6 text-slate-400" aria-hidden="true" />
      <p className="text-sm text-slate-600">{children}</p>
    </div>
  );
}
