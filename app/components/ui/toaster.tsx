import type { CSSProperties } from "react";
import { Toaster as SonnerToaster, toast as sonnerToast } from "sonner";

const toasterStyle = {
  // Sonner's rich colours miss WCAG AA on their pale backgrounds; darker text keeps the style and passes.
  "--success-text": "#14532d",
  "--error-text": "#991b1b",
  "--info-text": "#1e3a8a",
  "--warning-text": "#78350f",
  // Sonner sets a font list of its own; the site's has the Sinhala and Tamil faces, so a toast naming
  // "Home (සිංහල)" draws its letters on a computer without those scripts' system fonts.
  fontFamily: "var(--font-sans)",
} as CSSProperties;

/** Where admin toasts appear; mount once per page. */
export function Toaster() {
  return (
    <SonnerToaster richColors closeButton position="top-right" style={toasterStyle} toastOptions={{ duration: 6000 }} />
  );
}

/**
 * Toasts with a title and a description, as docs/product.md §8 words them:
 * `toast.success("Success", { description: "…" })`, `toast.error("Error", { description: "…" })`.
 */
/** A toast's options: its sentence, and a button that takes back what it tells of ("Undo"). */
interface ToastOptions {
  description?: string;
  action?: { label: string; onClick: () => void };
}

export const toast = {
  success: (title: string, options?: ToastOptions) => sonnerToast.success(title, options),
  error: (title: string, options?: { description?: string }) => sonnerToast.error(title, options),
  info: (title: string, options?: { description?: string }) => sonnerToast.info(title, options),
};
