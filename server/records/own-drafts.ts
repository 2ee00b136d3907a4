import { heldToOwn, ownership } from "#content/access.ts";
import type { OwnedKind } from "#content/roles.ts";
import type { SignedInUser } from "#server/http/context.ts";

/** What the one rule reads of a kind's store: who created a record, and the record as stored. */
export interface OwnedRecords {
  creator(id: string): Promise<number | null | undefined>;
  stored(id: string): Promise<{ data: unknown } | undefined>;
}

/** The words a refusal says, for a kind of record. */
export interface OwnDraftMessages {
  notFound: string;
  notYours: string;
  published: string;
}

/**
 * Why `user` may not read (`write: false`) or change record `id` of `kind` under the drafts-only
 * rules of a role held to its own records (a Writer's posts and team pages, #content/roles.ts):
 * 404 for a record that does not exist (or was deleted), 403 for another's, 403 for one that is no
 * longer a draft, or undefined when they may. Every other role may.
 */
export async function ownDraftRefusal(
  kind: OwnedKind,
  records: OwnedRecords,
  user: SignedInUser | null,
  id: string | undefined,
  { write }: { write: boolean },
  messages: OwnDraftMessages,
): Promise<{ status: 403 | 404; error: string } | undefined> {
  if (!heldToOwn(user, kind) || id === undefined) return undefined;
  const refusal = ownership(user, kind, await records.creator(id));
  if (refusal === "missing") return { status: 404, error: messages.notFound };
  if (refusal === "not-yours") return { status: 403, error: messages.notYours };
  if (!write) return undefined;
  const record = await records.stored(id);
  return (record?.data as { status?: unknown } | undefined)?.status === "draft"
    ? undefined
    : { status: 403, error: messages.published };
}
