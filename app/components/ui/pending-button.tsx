import type { ReactNode } from "react";
import { Button, type ButtonProps } from "./button.tsx";
import { Spinner } from "./spinner.tsx";

export interface PendingButtonProps extends ButtonProps {
  /** A call it started is under way: disabled, `aria-busy`, the spinner in place of `icon`. */
  pending: boolean;
  /** What it says while pending ("Saving..."); without one the label stays. */
  pendingLabel?: ReactNode;
  /** The icon before the label; the spinner takes its place while pending. */
  icon?: ReactNode;
}

/**
 * Every admin button that waits for the server (docs/product.md: "Saving..." while saving):
 * `<PendingButton pending={saving} pendingLabel="Saving...">Save</PendingButton>`. Its name while
 * pending is the pending label, which end-to-end tests and people find it by.
 */
export function PendingButton({ pending, pendingLabel, icon, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button {...props} disabled={pending || disabled} aria-busy={pending || undefined}>
      {pending ? <Spinner /> : icon}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
