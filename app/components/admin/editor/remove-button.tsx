import { Trash2 } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { useTranslating } from "./translating.ts";

/**
 * The red button that takes one entry out of a list: a bin icon, with the word
 * "Remove" beside it when `withText`. `label` names the entry for assistive
 * technology, e.g. "Delete Brand Strategy". Lists are shared by every
 * language: not shown while the editor translates.
 */
export function RemoveButton({
  label,
  onClick,
  withText = false,
  className,
}: {
  label: string;
  onClick: () => void;
  withText?: boolean;
  className?: string;
}) {
  const translating = useTranslating();
  if (translating) return null;
  return (
    <Button
      variant="ghost"
      size={withText ? "sm" : "icon"}
      className={cn("text-red-700 hover:bg-red-50 hover:text-red-800", className)}
      aria-label={label}
      onClick={onClick}
    >
      <Trash2 aria-hidden="true" />
      {withText && "Remove"}
    </Button>
  );
}
