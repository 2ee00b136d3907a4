import type { TranslatedLocale } from "#content/locales.ts";
import type { Translation } from "#content/localize.ts";
import type { MediaUse } from "#content/media.ts";
import type { PostRecord } from "#content/posts.ts";
import type { BlogPost } from "#content/schemas.ts";
import { isDocumentKey, type DocumentKey } from "#content/sections.ts";
import type { DocumentStore, TranslationStore } from "#server/content/types.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { Logger } from "#server/logger.ts";
import { createPageRecords } from "#server/pages/records.ts";
import type { LandingPageStore } from "#server/pages/types.ts";
import type { PostStore, PostTranslationSave } from "#server/posts/types.ts";

import { unseenBy } from "./audience.ts";
import type { Saver } from "./saver.ts";

export type { Saver };

export interface RecordsDeps {
  store: { documents: DocumentStore; translations: TranslationStore; posts: PostStore; pages: LandingPageStore };
  bus: EventBus;
  logger: Logger;
}

/**
 * The one service that writes the versioned records (documents, their translations, posts, team
 * pages and theirs) and announces each write on the event bus (content/live-events.ts): open pages showing
 * it refresh, every instance's page cache drops the pages it shows on (content/page-content.ts),
 * the chat's index and the scheduler follow. Routes, the restore of an old blog version, the
 * scheduler and the media library call it; nothing else publishes a save. Each write is a new
 * version, the old ones kept (the stores' part).
 */
export function createRecords({ store, bus, logger }: RecordsDeps) {
  /**
   * Tells of a post's change (or, with `locale`, its translation's): its data `before` and `after`
   * (undefined: none). A change visitors see neither before nor after (a draft's, a scheduled
   * post's) is heard only by those who may read the post (server/events/sse-hub.ts), its creator
   * among them (`creator`, read before a deletion; else looked up).
   */
  async function announcePost(
    post: Pick<PostRecord, "id" | "version">,
    change: {
      before?: unknown;
      after?: unknown;
      deleted?: boolean;
      locale?: TranslatedLocale;
      creator?: number | null;
    },
  ) {
    const { deleted = false, locale } = change;
    const owner = await unseenBy(change, () => store.posts.creator(post.id));
    bus.publish({
      type: "post",
      id: post.id,
      ...(locale && { locale }),
      version: post.version,
      ...(deleted && { deleted }),
      ...(owner !== undefined && { unseen: { owner } }),
    });
  }

  const documents = {
    /** Saves `data` (checked) over version `base` of document `key`: its next version, or the conflict. */
    async save(key: DocumentKey, data: unknown, base: number, by: Saver, restoredFrom?: number) {
      const saved = await store.documents.save(key, data, base, by?.email ?? null, restoredFrom);
      if (!saved.ok) return saved;
      const { version } = saved.document;
      logger.info("content saved", { key, version, by: by?.id });
      bus.publish({ type: "content", key, version });
      return saved;
    },

    /** Saves `translation` over version `base` of document `key`'s texts in `locale`. */
    async saveTranslation(
      key: DocumentKey,
      locale: TranslatedLocale,
      translation: Translation,
      base: number,
      by: Saver,
      restoredFrom?: number,
    ) {
      const saved = await store.translations.save({ key, locale }, translation, base, by?.email ?? null, restoredFrom);
      if (!saved.ok) return saved;
      const { version } = saved.document;
      logger.info("content saved", { key, locale, version, by: by?.id });
      bus.publish({ type: "content", key, locale, version });
      return saved;
    },
  };

  const posts = {
    async create(data: BlogPost, by: Saver, options: { id?: string; createdBy?: number } = {}) {
      const created = await store.posts.create(data, by?.email ?? null, options);
      logger.info("post created", { id: created.id, by: by?.id });
      await announcePost(created, {
        after: created.data,
        ...(options.createdBy !== undefined && { creator: options.createdBy }),
      });
      return created;
    },

    /** Saves `data` over version `base` of post `id`: the new record, or the current one (none: no such post). */
    async save(id: string, data: BlogPost, base: number, by: Saver, restoredFrom?: number) {
      const before = await store.posts.stored(id);
      const result = await store.posts.save(id, data, base, by?.email ?? null, restoredFrom);
      if (!result.ok) return result;
      logger.info("post saved", { id, version: result.post.version, by: by?.id });
      await announcePost(result.post, { before: before?.data, after: result.post.data });
      return result;
    },

    /** Removes post `id` and its translations (their histories stay): false when there was none. */
    async remove(id: string, by: Saver) {
      const post = await store.posts.stored(id);
      // Whose it was is read before it goes: a draft's deletion is announced to them and the staff only.
      const creator = post ? ((await store.posts.creator(id)) ?? null) : null;
      if (!post || !(await store.posts.remove(id))) return false;
      logger.info("post deleted", { id, by: by?.id });
      await announcePost(post, { before: post.data, deleted: true, creator });
      return true;
    },

    /** Saves `save` over version `base` of post `id`'s translation into `locale`. */
    async saveTranslation(
      id: string,
      locale: TranslatedLocale,
      save: PostTranslationSave,
      base: number,
      by: Saver,
      restoredFrom?: number,
    ) {
      const before = (await store.posts.translations.get(id, locale))?.translation;
      const result = await store.posts.translations.save(id, locale, save, base, by?.email ?? null, restoredFrom);
      if (!result.ok) return result;
      const { translation } = result;
      logger.info("post translation saved", { id, locale, version: translation.version, by: by?.id });
      await announcePost(translation, { before: before?.data, after: translation.data, locale });
      return result;
    },

    /** Removes post `id`'s translation into `locale` (its history stays): its last version, or undefined. */
    async removeTranslation(id: string, locale: TranslatedLocale, by: Saver) {
      const before = (await store.posts.translations.get(id, locale))?.translation;
      const removed = await store.posts.translations.remove(id, locale);
      if (!removed) return undefined;
      logger.info("post translation deleted", { id, locale, by: by?.id });
      await announcePost({ id, version: removed.version }, { before: before?.data, locale, deleted: true });
      return removed;
    },

    /**
     * Scheduled posts (or translations) whose time came: nothing was written, and every instance
     * tells itself (each runs its own scheduler, server/posts/scheduler.ts).
     */
    wentLive(published: readonly { id: string; version: number; locale?: TranslatedLocale }[]) {
      for (const { id, version, locale } of published) {
        logger.info("scheduled post published", { event: "post-published", id, ...(locale && { locale }) });
        bus.publishLocal({ type: "post", id, ...(locale && { locale }), version });
      }
    },
  };

  /**
   * An image changed (its file replaced, its alt text or decorative mark, which pages draw from the
   * library): the documents, posts and team pages using it are announced at their current versions, so pages
   * showing it refresh and page caches drop them. Nothing is saved: content names the image, not
   * its files (docs/decisions/027-images-by-id.md).
   */
  async function imageChanged(uses: readonly MediaUse[]) {
    const announced = new Set<string>();
    for (const use of uses) {
      const record = `${use.kind}|${use.id}`;
      if (announced.has(record)) continue;
      announced.add(record);
      if (use.kind === "content") {
        if (!isDocumentKey(use.key)) continue;
        const { version } = await store.documents.get(use.key);
        bus.publish({ type: "content", key: use.key, version });
      } else if (use.kind === "page") {
        const page = await store.pages.stored(use.id);
        if (page) bus.publish({ type: "page", id: use.id, path: use.key, version: page.version });
      } else {
        const post = await store.posts.get(use.id);
        if (post) bus.publish({ type: "post", id: use.id, version: post.version });
      }
    }
  }

  /** The team's pages (issue 42): their part is server/pages/records.ts. */
  const pages = createPageRecords({ store, bus, logger });

  return { documents, posts, pages, imageChanged };
}

export type Records = ReturnType<typeof createRecords>;
