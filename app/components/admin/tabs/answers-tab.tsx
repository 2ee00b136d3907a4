import { Plus } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { newAnswerEntry, renumber, sortByPlacement } from "#content/rules.ts";
import { LIMITS, OTHER_WAYS_MAX, type AnswerEntry, type AnswersContent } from "#content/schemas.ts";
import { Button } from "#app/components/ui/button.tsx";
import { SortableList } from "#app/components/ui/sortable-list.tsx";
import { FOCUS_ANSWER_PARAM } from "../admin-links.ts";
import type { FieldErrors, SectionEditorProps } from "../editor-types.ts";
import { errorsUnder } from "../editor/field-errors.ts";
import { ItemProgressMarks } from "../editor/item-progress-marks.tsx";
import { ListSection } from "../editor/list-section.tsx";
import { patchAt, removeAt } from "../editor/list-updates.ts";
import { RemoveButton } from "../editor/remove-button.tsx";
import { TextField } from "../editor/text-field.tsx";
import { shownText, useTranslating } from "../editor/translating.ts";

const entryName = (entry: AnswerEntry, index: number) => entry.question.trim() || `Answer ${index + 1}`;

/**
 * The Answers (issue 41 item 3): questions visitors ask, other ways of asking them, and the
 * answer the chat gives before it searches the site (server/chat/answers.ts). Reordered by
 * dragging or the arrows; in another language each entry's texts are translated in place.
 */
export function AnswersTab({ value, onChange, errors }: SectionEditorProps<AnswersContent>) {
  const translating = useTranslating();
  const entries = sortByPlacement(value.answers);
  const setEntries = (answers: AnswerEntry[]) => onChange({ ...value, answers });
  // Errors and translations are keyed by the stored position; the list shows the sorted order.
  const pathOf = (entry: AnswerEntry) => `answers.${value.answers.indexOf(entry)}`;
  useFocusRequest();

  const body = (entry: AnswerEntry, index: number) => (
    <AnswerFields
      entry={entry}
      path={pathOf(entry)}
      errors={errorsUnder(errors, `${pathOf(entry)}.`)}
      onChange={(patch) => setEntries(patchAt(entries, index, patch))}
    />
  );

  return (
    <div className="grid gap-6">
      <ListSection
        title="Answers"
        description={
          translating
            ? "Translate each question, its other ways of asking and its answer. Visitors asking in this language get this answer; until it is translated, they get the English one."
            : "When a visitor asks one of these questions, or something close to it, the assistant gives your answer before it searches the site. List the other ways visitors ask the same thing. Drag by the grip or use the arrows to change the order."
        }
        addLabel="Add Answer"
        onAdd={() => setEntries([...entries, newAnswerEntry(entries)])}
        addDisabled={entries.length >= LIMITS.list}
        error={errors.answers}
        empty={entries.length === 0}
        emptyMessage="No answers yet. Click “Add Answer”, or “Add an answer” beside an unanswered question in Conversations."
      >
        {translating ? (
          <ul aria-label="Answers" className="grid gap-3">
            {entries.map((entry, index) => (
              <li key={entry.placementId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
                {body(entry, index)}
              </li>
            ))}
          </ul>
        ) : (
          <SortableList
            label="Answers"
            items={entries}
            onReorder={setEntries}
            itemLabel={entryName}
            renderActions={(entry, index) => (
              <RemoveButton
                label={`Remove ${entryName(entry, index)}`}
                className="size-8"
                onClick={() => setEntries(renumber(removeAt(entries, index)))}
              />
            )}
            renderItem={body}
          />
        )}
      </ListSection>
    </div>
  );
}

/** One entry's fields: its question, its other ways of asking (one short field each) and its answer. */
function AnswerFields({
  entry,
  path,
  errors,
  onChange,
}: {
  entry: AnswerEntry;
  /** Where the entry is in the document (`answers.2`). */
  path: string;
  errors: FieldErrors;
  onChange: (patch: Partial<AnswerEntry>) => void;
}) {
  const translating = useTranslating();
  const question = shownText(translating, `${path}.question`, entry.question);
  return (
    <div data-answer-entry={path} className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p lang={question.lang} className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">
          {question.text.trim() || "New answer"}
        </p>
        <ItemProgressMarks path={path} item={entry} />
      </div>
      <TextField
        label="Question"
        path={`${path}.question`}
        hint="As a visitor would ask it."
        value={entry.question}
        onChange={(text) => onChange({ question: text })}
        error={errors.question}
        maxLength={LIMITS.shortText}
      />
      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-900">Other ways of asking</legend>
        {errors.otherWays && <p className="text-sm font-medium text-red-700">{errors.otherWays}</p>}
        {entry.otherWays.length === 0 && !translating && (
          <p className="text-sm text-slate-600">None yet: add the words visitors use for the same question.</p>
        )}
        <ol className="grid gap-2">
          {entry.otherWays.map((way, index) => (
            <li key={index} className="flex items-end gap-2">
              <TextField
                label={`Other way ${index + 1}`}
                path={`${path}.otherWays.${index}`}
                className="flex-1"
                value={way}
                onChange={(text) => onChange({ otherWays: entry.otherWays.map((w, i) => (i === index ? text : w)) })}
                error={errors[`otherWays.${index}`]}
                maxLength={LIMITS.shortText}
              />
              <RemoveButton
                label={`Remove other way ${index + 1}${way ? ` (${way})` : ""}`}
                className="mb-6"
                onClick={() => onChange({ otherWays: removeAt(entry.otherWays, index) })}
              />
            </li>
          ))}
        </ol>
        {!translating && (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={entry.otherWays.length >= OTHER_WAYS_MAX}
            onClick={() => onChange({ otherWays: [...entry.otherWays, ""] })}
          >
            <Plus aria-hidden="true" />
            Add another way of asking
          </Button>
        )}
      </fieldset>
      {/* min-w-0: the grid's item may shrink, so the answer and its counter stay inside the card on a phone. */}
      <div data-answer-text="" className="min-w-0">
        <TextField
          label="Answer"
          path={`${path}.answer`}
          hint="The assistant gives it as written when no AI model is set up; a model answers from it first."
          value={entry.answer}
          onChange={(text) => onChange({ answer: text })}
          error={errors.answer}
          maxLength={LIMITS.text}
          multiline
          rows={4}
        />
      </div>
    </div>
  );
}

/**
 * Focuses the answer field of the entry named by `?answer=` (a stored position) once it is shown,
 * then drops the parameter: Conversations' "Add an answer" opens a new entry ready for its answer.
 */
function useFocusRequest() {
  const [params, setParams] = useSearchParams();
  const asked = params.get(FOCUS_ANSWER_PARAM);
  useEffect(() => {
    if (asked === null) return;
    const field = document.querySelector<HTMLElement>(
      `[data-answer-entry="answers.${CSS.escape(asked)}"] [data-answer-text] textarea`,
    );
    if (!field) return;
    // In the middle of the screen: its hint and counter under it, clear of the floating chat button.
    field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
    setParams(
      (next) => {
        next.delete(FOCUS_ANSWER_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  });
}
