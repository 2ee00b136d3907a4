import { useChatMessages } from "./chat-messages.ts";

/** The AI tab's suggested questions, as buttons under the greeting until the visitor asks something. */
export function SuggestedQuestions({
  questions,
  disabled,
  onAsk,
}: {
  questions: readonly string[];
  disabled: boolean;
  onAsk: (question: string) => void;
}) {
  const chat = useChatMessages();
  if (questions.length === 0) return null;
  return (
    <ul aria-label={chat.suggestedQuestions} className="flex flex-col items-start gap-2">
      {questions.map((question) => (
        <li key={question} className="max-w-[85%]">
          <button
            type="button"
            disabled={disabled}
            onClick={() => onAsk(question)}
            className="rounded-2xl px-3.5 py-2 text-left text-sm text-brand-50 ring-1 ring-brand-300/50 transition hover:bg-white/10 hover:ring-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-60 motion-reduce:transition-none"
          >
            {question}
          </button>
        </li>
      ))}
    </ul>
  );
}
