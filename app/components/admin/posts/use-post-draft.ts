import { useContext, useEffect, useRef, useState, type Dispatch } from "react";
import type { BlogPost } from "#content/schemas.ts";
import type { DraftSubject, LocalDraft, LocalDrafts } from "../data/local-drafts.ts";
import { LocalDraftsContext } from "../data/use-local-drafts.ts";
import { isDirty, type PostEditorAction, type PostEditorState } from "./post-editor-state.ts";

/** The post open in "Edit Post", and whether its draft from an earlier visit still waits for a decision. */
interface Session {
  subject: DraftSubject;
  /** While the kept draft is offered its slot is left alone: edits made meanwhile are not written over it. */
  waiting: boolean;
}

const subjectOf = (state: PostEditorState): DraftSubject | null =>
  state.status !== "open" ? null : state.record ? `post:${state.record.id}` : "new-post";

/** Keeps the open copy on the device while it differs from the post, and forgets it when it does not. */
function keep(drafts: LocalDrafts, session: Session | null, state: PostEditorState) {
  if (!session || session.waiting || state.status !== "open") return;
  if (isDirty(state)) drafts.write(session.subject, state.record?.version ?? 0, state.draft);
  else drafts.remove(session.subject);
}

/**
 * The open post's draft on this device (../data/local-drafts.ts): when a post
 * (or a new one) opens with a draft kept from an earlier visit, it is offered
 * (`recovered`) until restored or discarded; otherwise the copy is kept while
 * it has unsaved changes. Save and Cancel forget it, except an offered draft
 * nobody decided on.
 */
export function usePostDraft(state: PostEditorState, dispatch: Dispatch<PostEditorAction>) {
  const drafts = useContext(LocalDraftsContext);
  const [recovered, setRecovered] = useState<LocalDraft | null>(null);
  const session = useRef<Session | null>(null);
  const subject = subjectOf(state);

  useEffect(() => {
    if (!drafts) return;
    const open = session.current;
    if (open && open.subject !== subject) {
      if (!open.waiting) drafts.remove(open.subject);
      session.current = null;
      setRecovered(null);
    }
    if (!subject || state.status !== "open") return;
    if (!session.current) {
      const kept = drafts.offer(subject, state.base);
      session.current = { subject, waiting: kept !== null };
      setRecovered(kept);
    }
    keep(drafts, session.current, state);
  }, [drafts, subject, state]);

  function decided() {
    if (session.current) session.current.waiting = false;
    setRecovered(null);
  }

  return {
    /** The draft kept from an earlier visit, while it waits for the owner's choice. */
    recovered,
    /** Puts the kept draft in the form as unsaved changes over the version it started from. */
    restoreRecovered() {
      if (!recovered) return;
      decided();
      dispatch({ type: "recover", baseVersion: recovered.baseVersion, data: recovered.data as BlogPost });
    },
    /** Forgets the kept draft (edits made since are kept in its place). */
    discardRecovered() {
      if (!drafts || !session.current) return;
      drafts.remove(session.current.subject);
      decided();
      keep(drafts, session.current, state);
    },
  };
}
