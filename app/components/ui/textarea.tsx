import type { ComponentProps } from "react";
import { controlClasses } from "./input.tsx";
import { cn } from "./cn.ts";

export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea rows={rows} className={cn(controlClasses, "min-h-20 resize-y leading-relaxed", className)} {...props} />
  );
}
