import type { ReactNode } from "react";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { TranslationField } from "./translation-field.tsx";
import { useTranslating } from "./translating.ts";
import { FIELD_PATH_ATTRIBUTE } from "./waiting-errors.ts";

export interface TextFieldProps {
  label: string;
  /**
   * Where the text is in the document (`hero.title`, `services.2.description`):
   * a text with a version per language (content/translatable.ts) is then
   * translated here while the editor is in another language.
   */
  path?: string;
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
  /** Code-like text (HTML, embed code): a monospace font and, unless `spellCheck` says otherwise, no spell check. */
  mono?: boolean;
  spellCheck?: boolean;
  type?: "text" | "email" | "url" | "tel" | "date";
  inputMode?: "text" | "decimal" | "numeric" | "email" | "url" | "tel";
  placeholder?: string;
  className?: string;
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * The admin editors' text control: a labelled input or textarea on the ui
 * Field, whose hint, length counter and schema error are tied to the control
 * with aria-describedby / aria-invalid. Other controls (selects, composites)
 * use Field directly.
 *
 * While the editor is in another language, a text of that language shows as
 * its TranslationField, one whose English is empty (nothing to translate) not
 * at all, and any other field read-only: it is shared by every language.
 */
export function TextField({
  label,
  path,
  value,
  onChange,
  error,
  hint,
  maxLength,
  multiline = false,
  rows = 4,
  mono = false,
  spellCheck = mono ? false : undefined,
  type = "text",
  inputMode,
  placeholder,
  className,
}: TextFieldProps) {
  const translating = useTranslating();
  const text = path === undefined ? undefined : translating?.texts.get(path);
  if (translating && text) {
    return (
      <TranslationField
        label={label}
        value={value}
        onChange={onChange}
        text={text}
        locale={translating.locale}
        error={error}
        maxLength={maxLength}
        multiline={multiline}
        rows={rows}
        mono={mono}
        className={className}
        onConfirm={(yes) => translating.confirm(path!, yes)}
      />
    );
  }
  if (translating && path !== undefined) return null;
  const readOnly = translating !== null;
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

  // Leaving a field with a path shows its message if it is empty (./waiting-errors.ts).
  const fieldPath = path === undefined ? {} : { [FIELD_PATH_ATTRIBUTE]: path };
  return (
    <Field label={label} error={error} hint={help} className={cn("min-w-0", className)}>
      {(props) =>
        multiline ? (
          <Textarea
            {...props}
            {...fieldPath}
            rows={rows}
            value={value}
            placeholder={placeholder}
            spellCheck={spellCheck}
            readOnly={readOnly}
            className={mono ? "font-mono text-[13px]" : undefined}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        ) : (
          <Input
            {...props}
            {...fieldPath}
            type={type}
            inputMode={inputMode}
            value={value}
            placeholder={placeholder}
            spellCheck={spellCheck}
            readOnly={readOnly}
            autoComplete="off"
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        )
      }
    </Field>
  );
}
