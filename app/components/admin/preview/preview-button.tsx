import { Eye } from "lucide-react";
import type { PreviewDraft } from "#content/preview.ts";
import { toast } from "#app/components/ui/toaster.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { PendingButton } from "#app/components/ui/pending-button.tsx";
import { usePreview } from "./use-preview.ts";

/**
 * "Preview": opens `path` in a browser tab of its own, rendered with `draft`
 * (unsaved), and keeps that tab following the draft while it is open.
 * Disabled while the draft has problems (`draft` undefined). `compact`: the
 * label shows from the `sm` width up (an editor's crowded header).
 */
export function PreviewButton({
  name,
  path,
  draft,
  compact = false,
  className,
}: {
  name: string;
  path: string;
  draft: PreviewDraft | undefined;
  compact?: boolean;
  className?: string;
}) {
  const preview = usePreview(name, path, draft, (reason) =>
    toast.error("Error", { description: `The preview could not be updated: ${reason}` }),
  );

  async function open() {
    try {
      await preview.open();
    } catch (cause) {
      toast.error("Error", {
        description: `The preview could not be opened: ${cause instanceof Error ? cause.message : String(cause)}`,
      });
    }
  }

  const label = compact ? "sr-only sm:not-sr-only" : undefined;
  return (
    <PendingButton
      variant="outline"
      className={cn(compact && "px-3 sm:px-4", className)}
      onClick={() => void open()}
      pending={preview.opening}
      pendingLabel={<span className={label}>Opening...</span>}
      disabled={!draft}
      icon={<Eye aria-hidden="true" />}
    >
      <span className={label}>Preview</span>
    </PendingButton>
  );
}
