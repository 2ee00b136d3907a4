import { useId } from "react";
import { Check, Undo2 } from "lucide-react";
import { LOCALES, type TranslatedLocale } from "#content/locales.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { stateOf, type TextInLanguage } from "../data/translation-copy.ts";

/** English texts longer than this are folded under "English text" rather than shown whole under the field. */
const SHORT_ENGLISH = 160;

const count = (n: number) => n.toLocaleString("en-US");

export interface TranslationFieldProps {
  label: string;
  value: string;
  onChange: (next: string) => void;
  /** The text this field translates: its English text and how it is saved. */
  text: TextInLanguage;
  locale: TranslatedLocale;
  error?: string | undefined;
  maxLength?: number | undefined;
  multiline?: boolean;
  rows?: number;
  mono?: boolean;
  className?: string;
  /** Confirms an outdated translation as still right for the English now, or takes that back (`false`). */
  onConfirm?: ((yes: boolean) => void) | undefined;
}

/**
 * A text in another language (issue 25): empty until translated, with the
 * English text as its placeholder and under it, a "Not translated" mark
 * while it is empty (the page shows English there), and "English changed"
 * while it is the translation of an English text changed since, with "Still
 * correct" to keep it as the translation of the English now without
 * retyping it (stored by the next save, like an edit; "Undo" takes it back
 * until then). Label, mark, English text, counter and error are tied to the
 * control.
 */
export function TranslationField({
  label,
  value,
  onChange,
  text,
  locale,
  error,
  maxLength,
  multiline = false,
  rows = 4,
  mono = false,
  className,
  onConfirm,
}: TranslationFieldProps) {
  const id = useId();
  const state = stateOf(text, value);
  const confirmed = text.confirmed === true && value === text.saved;
  const mark =
    state === "missing" ? "Not translated" : state === "stale" ? "English changed" : confirmed ? "Confirmed" : null;
  const over = maxLength !== undefined && value.length > maxLength;
  const ids = { mark: `${id}-mark`, english: `${id}-english`, error: `${id}-error` };
  const control = {
    id,
    value,
    lang: LOCALES[locale].htmlLang,
    placeholder: value === "" ? text.english : undefined,
    spellCheck: mono ? false : undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [mark && ids.mark, ids.english, error && ids.error].filter(Boolean).join(" "),
  };

  return (
    <div className={cn("grid min-w-0 grid-cols-1 gap-1.5", className)}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Label htmlFor={id}>{label}</Label>
        {mark && (
          <Badge
            id={ids.mark}
            variant={state === "stale" ? "warning" : confirmed ? "success" : "secondary"}
            className="px-2 py-0 text-[11px]"
          >
            {mark}
          </Badge>
        )}
        {onConfirm && state === "stale" && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="ml-auto h-7 px-2.5"
            aria-label={`Still correct: ${label}`}
            aria-describedby={ids.english}
            onClick={() => onConfirm(true)}
          >
            <Check aria-hidden="true" />
            Still correct
          </Button>
        )}
        {onConfirm && confirmed && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="ml-auto h-7 px-2.5"
            aria-label={`Undo “Still correct” for ${label}`}
            onClick={() => onConfirm(false)}
          >
            <Undo2 aria-hidden="true" />
            Undo
          </Button>
        )}
      </div>
      {multiline ? (
        <Textarea
          {...control}
          rows={rows}
          className={mono ? "font-mono text-[13px]" : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      ) : (
        <Input {...control} autoComplete="off" onChange={(event) => onChange(event.currentTarget.value)} />
      )}
      <div className="flex items-start justify-between gap-3 text-xs text-slate-600">
        <EnglishText id={ids.english} english={text.english} changed={state === "stale"} />
        {maxLength !== undefined && (
          <span className={cn("shrink-0 tabular-nums", over ? "font-semibold text-red-700" : "text-slate-500")}>
            {count(value.length)} / {count(maxLength)}
            <span className="sr-only"> characters</span>
          </span>
        )}
      </div>
      {error && (
        <p id={ids.error} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The English text under a translated field: whole when short, folded when long (a legal page's HTML). */
function EnglishText({ id, english, changed }: { id: string; english: string; changed: boolean }) {
  const name = changed ? "English now:" : "English:";
  if (english.length <= SHORT_ENGLISH && !english.includes("\n")) {
    return (
      <p id={id} className="min-w-0 break-words">
        <span className="font-medium text-slate-700">{name}</span>{" "}
        <span lang="en" className="text-slate-700">
          {english}
        </span>
      </p>
    );
  }
  return (
    <details id={id} className="min-w-0 flex-1">
      <summary className="cursor-pointer font-medium text-slate-700">
        {changed ? "English text now" : "English text"}
      </summary>
      <p
        lang="en"
        className="mt-1 max-h-60 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-slate-700 ring-1 ring-slate-200"
      >
        {english}
      </p>
    </details>
  );
}
