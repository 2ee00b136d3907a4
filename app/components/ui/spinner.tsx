import { LoaderCircle } from "lucide-react";
import { cn } from "./cn.ts";

/**
 * The admin's one "wait" mark: a turning circle, still for reduced-motion users, hidden from
 * assistive technology (the text beside it says what is waited for).
 */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle className={cn("size-4 animate-spin motion-reduce:animate-none", className)} aria-hidden="true" />
  );
}
