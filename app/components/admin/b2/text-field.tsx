import type { ReactNode } from "react";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { cn } from "#app/components/ui/cn.ts";

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (next: string) => void;
  /** The schema's message for this field, if any. */
  error?: string | undefined;
  /** A short help text under the control. */
  hint?: ReactNode;
  /** The schema's length limit: shown as a counter, never enforced by cutting what was typed. */
  maxLength?: number | undefined;
  multiline?: boolean;
  rows?: number;
  mono?: boolean;
  type?: "text" | "email" | "url" | "tel";
  inputMode?: "text" | "decimal" | "numeric" | "email" | "url" | "tel";
  placeholder?: string;
  className?: string;
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * A labelled input or textarea on b1's Field: hint, length counter and the
 * schema's error are tied to the control with aria-describedby / aria-invalid.
 */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  maxLength,
  multiline = false,
  rows = 4,
  mono = false,
  type = "text",
  inputMode,
  placeholder,
  className,
}: TextFieldProps) {
  const over = maxLength !== undefined && value.length > maxLength;
  const help =
    hint || maxLength !== undefined ? (
      <span className="flex items-start justify-between gap-3">
        <span>{hint}</span>
        {maxLength !== undefined && (
          <span className={cn("shrink-0 tabular-nums", over ? "font-semibold text-red-700" : "text-slate-500")}>
            {count(value.length)} / {count(maxLength)}
            <span className="sr-only"> characters</span>
          </span>
        )}
      </span>
    ) : undefined;

  return (
    <Field label={label} error={error} hint={help} className={cn("min-w-0", className)}>
      {(props) =>
        multiline ? (
          <Textarea
            {...props}
            rows={rows}
            value={value}
            placeholder={placeholder}
            spellCheck={!mono}
            className={mono ? "font-mono text-[13px]" : undefined}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        ) : (
          <Input
            {...props}
            type={type}
            inputMode={inputMode}
            value={value}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        )
      }
    </Field>
  );
}
