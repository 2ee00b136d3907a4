import { useState } from "react";
import { CHAT_RETENTION_MAX_DAYS } from "#content/conversations.ts";
import { SUGGESTED_QUESTION_MAX, SUGGESTED_QUESTIONS_MAX } from "#content/suggested-questions.ts";
import { LIMITS, type AiSettings } from "#content/schemas.ts";
import type { SectionEditorProps } from "../editor-types.ts";
import { EditorSection } from "../editor/editor-section.tsx";
import { EnglishOnly } from "../editor/english-only.tsx";
import { TextField } from "../editor/text-field.tsx";
import { ListSection } from "../editor/list-section.tsx";
import { removeAt } from "../editor/list-updates.ts";
import { RemoveButton } from "../editor/remove-button.tsx";
import { TranslationGuidesSection } from "./translation-guides-section.tsx";

/**
 * docs/product.md §2 AI tab: the visitors' greeting, the chat's limits and suggested questions, the
 * two knowledge bases the assistant and blog writer use, and the style and glossary of each language
 * "Translate from English" writes.
 */
export function AiTab({ value, onChange, errors }: SectionEditorProps<AiSettings>) {
  const set = (patch: Partial<AiSettings>) => onChange({ ...value, ...patch });
  return (
    <div className="grid gap-6">
      <EditorSection
        title="Chat assistant"
        description="What visitors see when they open the site and chat with the assistant."
      >
        <TextField
          label="Greeting Message"
          path="greeting"
          hint="Shown to visitors in the welcome popup on Home and as the chat's first message."
          value={value.greeting}
          onChange={(greeting) => set({ greeting })}
          error={errors.greeting}
          maxLength={1_000}
          multiline
          rows={3}
        />
        <EnglishOnly>
          <TextField
            label="Knowledge Base"
            hint="General facts about the agency (services, prices, hours, contact details) the assistant answers from."
            value={value.knowledgeBase}
            onChange={(knowledgeBase) => set({ knowledgeBase })}
            error={errors.knowledgeBase}
            maxLength={LIMITS.longText}
            multiline
            rows={14}
          />
          <WholeNumberField
            label="Daily chat limit"
            hint="Most answers the assistant gives per day, all visitors together. 0 turns the chat off."
            min={0}
            max={MAX_DAILY_LIMIT}
            value={value.chatDailyLimit}
            error={errors.chatDailyLimit}
            onChange={(chatDailyLimit) => set({ chatDailyLimit })}
          />
          <WholeNumberField
            label="Keep conversations for (days)"
            hint="Conversations with the assistant, listed under Conversations below, are deleted after this many days. Visitors are told how long chats are kept."
            min={1}
            max={CHAT_RETENTION_MAX_DAYS}
            value={value.chatRetentionDays}
            error={errors.chatRetentionDays}
            onChange={(chatRetentionDays) => set({ chatRetentionDays })}
          />
        </EnglishOnly>
      </EditorSection>
      <ListSection
        title="Suggested questions"
        description={`Shown as buttons when a visitor opens the chat, before they type; a click asks the question. Up to ${SUGGESTED_QUESTIONS_MAX}.`}
        addLabel="Add Question"
        onAdd={() => set({ suggestedQuestions: [...value.suggestedQuestions, ""] })}
        addDisabled={value.suggestedQuestions.length >= SUGGESTED_QUESTIONS_MAX}
        error={errors.suggestedQuestions}
        empty={value.suggestedQuestions.length === 0}
        emptyMessage="No suggested questions: the chat opens with the greeting alone."
      >
        <ol className="grid gap-4">
          {value.suggestedQuestions.map((question, index) => (
            <li key={index} className="flex items-start gap-2">
              <TextField
                className="flex-1"
                label={`Question ${index + 1}`}
                path={`suggestedQuestions.${index}`}
                value={question}
                onChange={(next) => set({ suggestedQuestions: value.suggestedQuestions.with(index, next) })}
                error={errors[`suggestedQuestions.${index}`]}
                maxLength={SUGGESTED_QUESTION_MAX}
              />
              <RemoveButton
                className="mt-7"
                label={`Remove question ${index + 1}${question ? ` (${question})` : ""}`}
                onClick={() => set({ suggestedQuestions: removeAt(value.suggestedQuestions, index) })}
              />
            </li>
          ))}
        </ol>
      </ListSection>
      <EnglishOnly>
        <EditorSection
          title="Blog writing"
          description="Guidance for generating blog descriptions and full posts in the Blog tab."
        >
          <TextField
            label="Blog Knowledge Base"
            hint="Used for blog generation: audience, tone, topics and facts every generated post should respect."
            value={value.blogKnowledgeBase}
            onChange={(blogKnowledgeBase) => set({ blogKnowledgeBase })}
            error={errors.blogKnowledgeBase}
            maxLength={LIMITS.longText}
            multiline
            rows={14}
          />
        </EditorSection>
        <TranslationGuidesSection
          value={value.translation}
          errors={errors}
          onChange={(translation) => set({ translation })}
        />
      </EnglishOnly>
    </div>
  );
}

const MAX_DAILY_LIMIT = 1_000_000;

/**
 * A whole number (the daily cap on chat answers, the days chats are kept).
 * What was typed is kept as typed; a value that is not a whole number reaches
 * the draft as NaN, so the shell's validation blocks the save while the field
 * explains what is expected.
 */
function WholeNumberField({
  label,
  hint,
  min,
  max,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  min: number;
  max: number;
  value: number;
  error: string | undefined;
  onChange: (next: number) => void;
}) {
  const [text, setText] = useState(() => (Number.isFinite(value) ? String(value) : ""));
  // A new value from outside (reload, restore, live update) replaces the text.
  const shown = Number.isFinite(value) && Number(text) !== value ? String(value) : text;
  return (
    <TextField
      className="max-w-xs"
      label={label}
      hint={hint}
      inputMode="numeric"
      value={shown}
      error={
        error
          ? `Enter a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}.`
          : undefined
      }
      onChange={(next) => {
        setText(next);
        const trimmed = next.trim();
        onChange(/^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN);
      }}
    />
  );
}
