import { useId } from "react";
import { Link } from "react-router";
import type { ChatSource } from "#content/chat.ts";
import { useChatMessages } from "./chat-messages.ts";

/**
 * The pages an answer drew on, as links under it, at the addresses the server
 * gives: in the answer's language (server/chat/site-index.ts), or English for
 * a post not published in it. Following one on a phone closes the panel
 * (`onFollow`), which otherwise covers the page it opens.
 */
export function ChatSources({ sources, onFollow }: { sources: readonly ChatSource[]; onFollow: () => void }) {
  const labelId = useId();
  const chat = useChatMessages();
  if (sources.length === 0) return null;
  return (
    <div className="mt-1.5 max-w-[85%] px-1 text-xs text-slate-300">
      <p id={labelId}>{chat.sources}</p>
      <ul aria-labelledby={labelId} className="mt-1 flex flex-wrap gap-1.5">
        {sources.map((source) => (
          <li key={source.url}>
            <Link
              to={source.url}
              onClick={onFollow}
              className="inline-flex min-h-8 items-center rounded-full bg-white/10 px-3 py-1 text-brand-100 underline decoration-brand-300/60 underline-offset-2 ring-1 ring-white/15 hover:bg-white/20 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              {source.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
