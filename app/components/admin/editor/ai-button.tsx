import { Sparkles } from "lucide-react";
import { useState } from "react";
import { AI_TASK_MESSAGES, type AiTaskId, type AiTaskResult } from "#content/ai-tasks.ts";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { generateDraft } from "../data/admin-api.ts";
import { useTranslating } from "./translating.ts";

interface AiButtonProps<T extends AiTaskId> {
  task: T;
  /** The title the draft is written for: disabled while empty; a blank one gets the task's "enter a title" toast. */
  title: string;
  /** Receives the draft; nothing is saved until the tab is. */
  onDraft: (draft: AiTaskResult<T>) => void;
  label?: string;
  /** Disabled for another reason too (e.g. another AI button of the same form is working). */
  disabled?: boolean;
  /** Told when the button starts and stops waiting for a draft. */
  onBusyChange?: (busy: boolean) => void;
  size?: "sm" | "default";
  className?: string;
}

/**
 * Every "Generate…" button of the admin: asks the server for a draft of
 * `task`, shows that it waits, and tells the admin what the task's messages
 * say (content/ai-tasks.ts). A failure is always logged, and shown when the
 * task has a failure message. The drafts are English: not shown while the
 * editor translates.
 */
export function AiButton<T extends AiTaskId>({
  task,
  title,
  onDraft,
  label = "Generate with AI",
  disabled = false,
  onBusyChange,
  size,
  className,
}: AiButtonProps<T>) {
  const [busy, setBusy] = useState(false);
  const messages = AI_TASK_MESSAGES[task];
  const translating = useTranslating();

  async function generate() {
    const trimmed = title.trim();
    if (!trimmed) {
      toast.error("Error", { description: messages.titleRequired });
      return;
    }
    setBusy(true);
    onBusyChange?.(true);
    try {
      onDraft(await generateDraft(task, trimmed));
      if (messages.success) toast.success("Success", { description: messages.success });
    } catch (cause) {
      console.info(`AI draft (${task}) failed:`, cause instanceof Error ? cause.message : cause);
      if (messages.failure) toast.error("Error", { description: messages.failure });
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  }

  if (translating) return null;
  return (
    <PendingButton
      variant="secondary"
      size={size}
      className={className}
      pending={busy}
      pendingLabel="Generating..."
      disabled={disabled || title === ""}
      icon={<Sparkles aria-hidden="true" />}
      onClick={() => void generate()}
    >
      {label}
    </PendingButton>
  );
}
