import type { ReactNode } from "react";
import { cn } from "./cn.ts";

/**
 * How much room a failure takes: `line` a sentence under the form's fields, `box` a tinted note
 * in a form or dialog, `panel` a part of the screen that could not be read (a list, a dialog's content).
 */
const LOOKS = {
  line: "text-sm font-medium text-red-700",
  box: "rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200",
  panel: "rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900",
} as const;

export type FormAlertLook = keyof typeof LOOKS;

/**
 * What went wrong, said at once to assistive technology (`role="alert"`) and shown where it
 * happened: `{problem && <FormAlert>{problem}</FormAlert>}`.
 */
export function FormAlert({
  look = "line",
  className,
  children,
}: {
  look?: FormAlertLook;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="alert" className={cn(LOOKS[look], className)}>
      {children}
    </div>
  );
}
