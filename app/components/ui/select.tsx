import type { ComponentProps } from "react";
import { controlClasses } from "./input.tsx";
import { cn } from "./cn.ts";

/** A native select styled like the other controls (the platform's picker works best on phones). */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlClasses, "h-10 pr-8", className)} {...props} />;
}
