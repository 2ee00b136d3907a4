import { Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { GLOSSARY_MAX_TERMS } from "#content/ai-translation.ts";
import type { GlossaryTerm } from "#content/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import type { FieldErrors } from "../editor-types.ts";
import { removeAt } from "../editor/list-updates.ts";
import { RemoveButton } from "../editor/remove-button.tsx";

/**
 * One language's glossary in the AI tab: a row per term (the English term,
 * and its translation, empty to keep the term as it is), a remove button on
 * each, "Add term" under them. `language` names the language in every
 * control's label ("Sinhala term 3"), since both glossaries are on one page.
 * `errors` are the schema's, keyed under the glossary ("2.term", "" for the list).
 */
export function GlossaryEditor({
  language,
  glossary,
  errors,
  onChange,
}: {
  language: string;
  glossary: GlossaryTerm[];
  errors: FieldErrors;
  onChange: (next: GlossaryTerm[]) => void;
}) {
  const id = useId();
  const full = glossary.length >= GLOSSARY_MAX_TERMS;
  // After "Add term", the new row's term takes the focus.
  const [added, setAdded] = useState<number | null>(null);
  const newTerm = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (added !== null) newTerm.current?.focus();
  }, [added]);

  const update = (index: number, patch: Partial<GlossaryTerm>) =>
    onChange(glossary.with(index, { ...glossary[index]!, ...patch }));

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h5 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          Glossary
        </h5>
        <p className="text-xs tabular-nums text-slate-600">
          {glossary.length} of {GLOSSARY_MAX_TERMS} terms
        </p>
      </div>
      {errors[""] && <p className="text-sm font-medium text-red-700">{errors[""]}</p>}
      {glossary.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          No terms yet: the AI translates every word as it sees fit.
        </p>
      ) : (
        <div className="grid gap-2">
          <div
            aria-hidden="true"
            className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.25rem] gap-2 text-xs font-medium text-slate-700"
          >
            <span>Term</span>
            <span>Translation</span>
          </div>
          <ol aria-labelledby={`${id}-title`} className="grid gap-2">
            {glossary.map((entry, index) => {
              const termError = errors[`${index}.term`];
              const translationError = errors[`${index}.translation`];
              const errorId = `${id}-${index}-error`;
              const n = index + 1;
              return (
                <li key={index} className="grid gap-1">
                  <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.25rem] items-center gap-2">
                    <Input
                      ref={index === added ? newTerm : undefined}
                      aria-label={`${language} term ${n}`}
                      aria-invalid={termError ? true : undefined}
                      aria-describedby={termError ? errorId : undefined}
                      value={entry.term}
                      autoComplete="off"
                      onChange={(event) => update(index, { term: event.currentTarget.value })}
                    />
                    <Input
                      aria-label={`${language} translation of term ${n}`}
                      aria-invalid={translationError ? true : undefined}
                      aria-describedby={translationError ? errorId : undefined}
                      placeholder="Kept as it is"
                      value={entry.translation}
                      autoComplete="off"
                      onChange={(event) => update(index, { translation: event.currentTarget.value })}
                    />
                    <RemoveButton
                      label={`Remove ${language} term ${n}${entry.term ? ` (${entry.term})` : ""}`}
                      onClick={() => {
                        setAdded(null);
                        onChange(removeAt(glossary, index));
                      }}
                    />
                  </div>
                  {(termError || translationError) && (
                    <p id={errorId} className="text-xs font-medium text-red-700">
                      {termError ?? translationError}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      )}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => {
            setAdded(glossary.length);
            onChange([...glossary, { term: "", translation: "" }]);
          }}
        >
          <Plus aria-hidden="true" />
          Add term
          <span className="sr-only"> to the {language} glossary</span>
        </Button>
      </div>
    </div>
  );
}
