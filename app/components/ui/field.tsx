import { useId, type ReactNode } from "react";
import { Label } from "./label.tsx";
import { cn } from "./cn.ts";

/** Props a Field hands to its control so the label, hint and error are wired to it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** The message to show under the control; marks the control invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (props: FieldControlProps) => ReactNode;
}

/**
 * A label, a control and its messages, wired for assistive technology:
 * `<Field label="Title" error={errors["hero.title"]}>{(props) => <Input {...props} />}</Field>`.
 */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid min-w-0 grid-cols-1 gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
