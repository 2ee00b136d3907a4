import type { LandingPage } from "#content/landing-page-schema.ts";
import type { TranslatedLocale } from "#content/locales.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { Logger } from "#server/logger.ts";
import { unseenBy } from "#server/records/audience.ts";
import type { Saver } from "#server/records/saver.ts";
import type { LandingPagePublication, LandingPageStore, LandingPageTranslationData } from "./types.ts";

const pathOf = (data: unknown) => (data as Partial<LandingPage> | undefined)?.path;

/**
 * The team pages' part of the records service (server/records/records.ts, the one place that saves
 * versioned records and announces them): every write goes through the store and is announced as a
 * `page` event (content/live-events.ts) with the page's address and, when a save moved it, the one it
 * left, so open pages refresh and every instance's page cache drops both, in every language.
 */
export function createPageRecords({
  store,
  bus,
  logger,
}: {
  store: { pages: LandingPageStore };
  bus: EventBus;
  logger: Logger;
}) {
  async function announce(
    page: { id: string; version: number },
    change: {
      path: string | undefined;
      formerPath?: string | undefined;
      before?: unknown;
      after?: unknown;
      deleted?: boolean;
      locale?: TranslatedLocale | undefined;
      creator?: number | null;
    },
  ) {
    const { path, formerPath, deleted = false, locale } = change;
    const owner = await unseenBy(change, () => store.pages.creator(page.id));
    bus.publish({
      type: "page",
      id: page.id,
      ...(path !== undefined && { path }),
      ...(formerPath !== undefined && formerPath !== path && { formerPath }),
      ...(locale && { locale }),
      version: page.version,
      ...(deleted && { deleted }),
      ...(owner !== undefined && { unseen: { owner } }),
    });
  }

  return {
    async create(data: LandingPage, by: Saver, options: { createdBy?: number } = {}) {
      const result = await store.pages.create(data, by?.email ?? null, options);
      if (!result.ok) return result;
      logger.info("page created", { id: result.page.id, by: by?.id });
      await announce(result.page, {
        path: data.path,
        after: data,
        ...(options.createdBy !== undefined && { creator: options.createdBy }),
      });
      return result;
    },

    /** Saves `data` over version `base` of page `id`: the new record, the conflict, or a taken address. */
    async save(id: string, data: LandingPage, base: number, by: Saver, restoredFrom?: number) {
      const before = await store.pages.stored(id);
      const result = await store.pages.save(id, data, base, by?.email ?? null, restoredFrom);
      if (!result.ok) return result;
      logger.info("page saved", { id, version: result.page.version, by: by?.id });
      await announce(result.page, {
        path: data.path,
        formerPath: pathOf(before?.data),
        before: before?.data,
        after: data,
      });
      return result;
    },

    /** Removes page `id` and its translations (their histories stay): false when there was none. */
    async remove(id: string, by: Saver) {
      const creator = (await store.pages.creator(id)) ?? null;
      const removed = await store.pages.remove(id);
      if (!removed) return false;
      logger.info("page deleted", { id, by: by?.id });
      await announce(removed, { path: pathOf(removed.data), before: removed.data, deleted: true, creator });
      return true;
    },

    async saveTranslation(
      id: string,
      locale: TranslatedLocale,
      data: LandingPageTranslationData,
      base: number,
      by: Saver,
      restoredFrom?: number,
    ) {
      const read = await store.pages.translations.get(id, locale);
      const result = await store.pages.translations.save(id, locale, data, base, by?.email ?? null, restoredFrom);
      if (!result.ok) return result;
      logger.info("page translation saved", { id, locale, version: result.translation.version, by: by?.id });
      await announce(result.translation, {
        path: pathOf(read?.english.data),
        before: read?.translation?.data,
        after: result.translation.data,
        locale,
      });
      return result;
    },

    async removeTranslation(id: string, locale: TranslatedLocale, by: Saver) {
      const read = await store.pages.translations.get(id, locale);
      const removed = await store.pages.translations.remove(id, locale);
      if (!removed) return undefined;
      logger.info("page translation deleted", { id, locale, by: by?.id });
      await announce(
        { id, version: removed.version },
        { path: pathOf(read?.english.data), before: read?.translation?.data, locale, deleted: true },
      );
      return removed;
    },

    /** Scheduled pages (or translations) whose time came: each instance tells itself (server/posts/scheduler.ts). */
    wentLive(published: readonly LandingPagePublication[]) {
      for (const { id, path, version, locale } of published) {
        logger.info("scheduled page published", { event: "page-published", id, ...(locale && { locale }) });
        bus.publishLocal({ type: "page", id, path, ...(locale && { locale }), version });
      }
    },
  };
}

export type PageRecords = ReturnType<typeof createPageRecords>;
