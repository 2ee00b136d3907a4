import { postState } from "#content/post-status.ts";

/**
 * Whether visitors see a record (a post, a team page, or a translation of one) stored as `data`:
 * published, its time come (#content/post-status.ts).
 */
export function seenByVisitors(data: unknown): boolean {
  const record = data as { status?: unknown; publishAt?: string | undefined } | undefined;
  return (
    record?.status === "published" && postState({ status: "published", publishAt: record.publishAt }) === "published"
  );
}

/**
 * Who alone hears of a change to a record (server/events/sse-hub.ts): undefined when visitors see it
 * before or after (everyone hears), else its creator (null: none), `creator` when the caller read it
 * (before a deletion), or as `creatorOf` looks it up.
 */
export async function unseenBy(
  change: { before?: unknown; after?: unknown; creator?: number | null | undefined },
  creatorOf: () => Promise<number | null | undefined>,
): Promise<number | null | undefined> {
  if (seenByVisitors(change.before) || seenByVisitors(change.after)) return undefined;
  return change.creator !== undefined ? change.creator : ((await creatorOf()) ?? null);
}
