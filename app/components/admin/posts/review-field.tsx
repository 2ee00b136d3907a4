import { MessageSquareMore, Send, Undo2 } from "lucide-react";
import { inReview } from "#content/post-status.ts";
import { publishes } from "#content/roles.ts";
import type { BlogPost } from "#content/schemas.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useTranslating } from "../editor/translating.ts";
import { useRole } from "../role-context.ts";
import { PublishingField } from "./publishing-field.tsx";

/**
 * "In review" in "Edit Post" (issue 28, WordPress's "Pending Review"): a draft a Writer asked an
 * Editor to look at. A Writer submits their draft (or withdraws it) here; an Editor or Administrator
 * sees that it waits and may send it back to a plain draft, or publish it with the status above,
 * which clears the mark (the server keeps it only on a draft: #content/post-status.ts). Each button
 * saves the post with the mark changed (`onReview`), with any other edits.
 */
export function WriterReviewField({
  post,
  saving,
  disabled,
  onReview,
}: {
  post: Pick<BlogPost, "status" | "review">;
  saving: boolean;
  /** The form has problems to fix first. */
  disabled: boolean;
  onReview: (review: boolean) => void;
}) {
  const waiting = inReview(post);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
      <p className="flex min-w-0 flex-1 basis-64 flex-wrap items-center gap-2 text-sm text-slate-700">
        {waiting ? (
          <>
            <ReviewBadge />
            An Editor or Administrator will look at it and publish it. Saving your edits keeps it in review.
          </>
        ) : (
          "Saved as a draft. An Editor or Administrator publishes it."
        )}
      </p>
      {waiting ? (
        <Button variant="outline" size="sm" disabled={saving} onClick={() => onReview(false)}>
          <Undo2 aria-hidden="true" />
          Withdraw
        </Button>
      ) : (
        <Button size="sm" disabled={saving || disabled} onClick={() => onReview(true)}>
          <Send aria-hidden="true" />
          Submit for review
        </Button>
      )}
    </div>
  );
}

/** Above the status for an Editor or Administrator: this draft waits for their review. */
export function StaffReviewNote({ saving, onReview }: { saving: boolean; onReview: (review: boolean) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2">
      <p className="flex min-w-0 flex-1 basis-64 flex-wrap items-center gap-2 text-sm text-amber-950">
        <ReviewBadge />A Writer asked for this draft to be reviewed. Publish it below, or send it back as a plain draft.
      </p>
      <Button variant="outline" size="sm" disabled={saving} onClick={() => onReview(false)}>
        <Undo2 aria-hidden="true" />
        Back to draft
      </Button>
    </div>
  );
}

function ReviewBadge() {
  return (
    <Badge variant="warning">
      <MessageSquareMore className="size-3" aria-hidden="true" />
      In review
    </Badge>
  );
}

/**
 * Where a record's form says whether and when it is public: for an Editor or Administrator, its
 * status and schedule (with "In review" when a Writer's draft waits); for a Writer, who publishes
 * nothing (content/roles.ts), the review field.
 */
export function PublishingOrReview({
  record,
  isNew,
  saving,
  disabled,
  subject = "post",
  onReview,
  onChange,
}: {
  record: Pick<BlogPost, "status" | "publishAt" | "review">;
  isNew: boolean;
  saving: boolean;
  /** The form has problems to fix first. */
  disabled: boolean;
  subject?: "post" | "page";
  onReview: (review: boolean) => void;
  onChange: (patch: Partial<BlogPost>) => void;
}) {
  const publisher = publishes(useRole());
  // In Sinhala or Tamil, the status and schedule are that language's own.
  const locale = useTranslating()?.locale ?? "en";
  return publisher ? (
    <>
      {!isNew && inReview(record) && <StaffReviewNote saving={saving} onReview={onReview} />}
      <PublishingField post={record} locale={locale} subject={subject} onChange={onChange} />
    </>
  ) : (
    <WriterReviewField post={record} saving={saving} disabled={disabled} onReview={onReview} />
  );
}
