import { UserRound } from "#app/components/site/icons/user-round.ts";
import { useChatMessages } from "./chat-messages.ts";

/** Under an answer: the assistant offers to pass the conversation to the team (the server said when). */
export function HandoffOffer({ onAccept }: { onAccept: () => void }) {
  const chat = useChatMessages();
  return (
    <div className="flex max-w-[85%] flex-col items-start gap-2 rounded-2xl rounded-bl-md bg-white/10 px-3.5 py-2.5 text-sm leading-6 text-slate-100 ring-1 ring-white/10">
      <p>{chat.offer}</p>
      <button
        type="button"
        onClick={onAccept}
        className="inline-flex items-center gap-1.5 rounded-lg bg-rose-600 px-3 py-1.5 text-sm font-semibold text-white shadow transition hover:bg-rose-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white motion-reduce:transition-none"
      >
        <UserRound aria-hidden="true" className="size-4" />
        {chat.leaveDetails}
      </button>
    </div>
  );
}
