import type { MediaUse } from "#content/media.ts";
import { isDocumentKey } from "#content/sections.ts";
import type { Store } from "#server/db/store.ts";
import type { EventBus } from "#server/events/bus.ts";

/**
 * After an image changed (its file replaced, its alt text or decorative mark, which pages draw
 * from the library): every page showing it refreshes, and every instance's page cache lets go of
 * it, as after a save of the documents and posts using it. Their current versions are announced:
 * nothing is saved, since content names the image, not its files (docs/decisions/027-images-by-id.md).
 */
export async function announceUses(
  deps: { store: Pick<Store, "documents" | "posts">; bus: EventBus },
  uses: readonly MediaUse[],
): Promise<void> {
  const announced = new Set<string>();
  for (const use of uses) {
    const record = `${use.kind}|${use.id}`;
    if (announced.has(record)) continue;
    announced.add(record);
    if (use.kind === "content") {
      if (!isDocumentKey(use.key)) continue;
      const { version } = await deps.store.documents.get(use.key);
      deps.bus.publish({ type: "content", key: use.key, version });
    } else {
      const post = await deps.store.posts.get(use.id);
      if (post) deps.bus.publish({ type: "post", id: use.id, version: post.version });
    }
  }
}
